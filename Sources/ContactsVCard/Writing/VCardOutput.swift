import Foundation

/// Builds vCard text: content lines folded at 75 octets with CRLF, never inside a UTF-8 sequence.
struct VCardOutput {
    /// How a value is escaped.
    enum Escaping {
        /// vCard text: backslash, comma, semicolon and line breaks.
        case text
        /// URIs, phone numbers, e-mail addresses: backslash and line breaks only.
        case uri
        /// Already escaped (unknown properties): only raw line breaks are written as `\n`.
        case verbatim
    }

    private(set) var bytes: [UInt8] = []
    private var line: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
        line.reserveCapacity(256)
    }

    // MARK: Content lines

    /// Starts a content line with an optional group and a name.
    mutating func begin(_ name: String, group: String? = nil) {
        line.removeAll(keepingCapacity: true)
        if let group {
            line.append(contentsOf: group.utf8)
            line.append(UInt8(ascii: "."))
        }
        line.append(contentsOf: name.utf8)
    }

    /// Adds `;NAME=value,value`, quoting values that need it; a parameter without values is bare.
    mutating func parameter(_ name: String, _ values: [String]) {
        line.append(UInt8(ascii: ";"))
        line.append(contentsOf: name.utf8)
        guard !values.isEmpty else { return }
        line.append(UInt8(ascii: "="))
        for (index, value) in values.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            appendParameterValue(value)
        }
    }

    /// Adds `;NAME=value`.
    mutating func parameter(_ name: String, _ value: String) {
        parameter(name, [value])
    }

    private mutating func appendParameterValue(_ value: String) {
        var value = value
        value.withUTF8 { appendParameterValue($0) }
    }

    private mutating func appendParameterValue(_ utf8: UnsafeBufferPointer<UInt8>) {
        let needsQuotes = utf8.contains { byte in
            byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",")
                || byte == UInt8(ascii: " ")
        }
        let needsEscapes = utf8.contains { byte in
            byte == UInt8(ascii: "^") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
        }
        if needsQuotes { line.append(UInt8(ascii: "\"")) }
        guard needsEscapes else {
            line.append(contentsOf: utf8)
            if needsQuotes { line.append(UInt8(ascii: "\"")) }
            return
        }
        var previousWasCarriageReturn = false
        for byte in utf8 {
            defer { previousWasCarriageReturn = byte == 0x0D }
            // RFC 6868 caret escapes for the characters a parameter value cannot hold. A line break of any
            // kind (LF, CR or CRLF) is its one newline, `^n`, as in values (docs/VCard.md).
            switch byte {
            case UInt8(ascii: "^"): line.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "^")])
            case UInt8(ascii: "\""): line.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "'")])
            case 0x0D: line.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "n")])
            case 0x0A: if !previousWasCarriageReturn { line.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "n")]) }
            default: line.append(byte)
            }
        }
        if needsQuotes { line.append(UInt8(ascii: "\"")) }
    }

    /// Ends the line with one value.
    mutating func value(_ text: String, _ escaping: Escaping = .text) {
        line.append(UInt8(ascii: ":"))
        appendEscaped(text, escaping)
        finishLine()
    }

    /// Ends the line with a structured value whose components are separated by `;`.
    mutating func components(_ parts: [String]) {
        line.append(UInt8(ascii: ":"))
        for (index, part) in parts.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ";")) }
            appendEscaped(part, .text)
        }
        finishLine()
    }

    /// Ends the line with a list value whose items are separated by `,`.
    mutating func list(_ items: [String]) {
        line.append(UInt8(ascii: ":"))
        for (index, item) in items.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            appendEscaped(item, .text)
        }
        finishLine()
    }

    /// Ends the line with bytes that need no escaping, such as base64.
    mutating func rawValue(_ value: some Collection<UInt8>) {
        line.append(UInt8(ascii: ":"))
        line.append(contentsOf: value)
        finishLine()
    }

    private mutating func appendEscaped(_ text: String, _ escaping: Escaping) {
        var text = text
        text.withUTF8 { utf8 in
            var needsWork = false
            for byte in utf8 where byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";")
                || byte == 0x0A || byte == 0x0D
            {
                needsWork = true
                break
            }
            guard needsWork else {
                line.append(contentsOf: utf8)
                return
            }
            var previousWasCarriageReturn = false
            for byte in utf8 {
                defer { previousWasCarriageReturn = byte == 0x0D }
                switch byte {
                case 0x0D:
                    line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0A:
                    if !previousWasCarriageReturn { line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")]) }
                case UInt8(ascii: "\\") where escaping != .verbatim:
                    line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: ","), UInt8(ascii: ";"):
                    if escaping == .text { line.append(UInt8(ascii: "\\")) }
                    line.append(byte)
                default:
                    line.append(byte)
                }
            }
        }
    }

    /// Folds the line into the output: at most 75 octets per physical line, continuation lines start with
    /// a space, and a fold never splits a UTF-8 sequence.
    private mutating func finishLine() {
        var start = 0
        var limit = 75
        let count = line.count
        while count - start > limit {
            var cut = start + limit
            while cut > start + 1, line[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes.append(contentsOf: line[start..<cut])
            bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = cut
            limit = 74
        }
        bytes.append(contentsOf: line[start..<count])
        bytes.append(contentsOf: [0x0D, 0x0A])
    }
}
