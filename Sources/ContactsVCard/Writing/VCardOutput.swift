import Foundation

/// Builds vCard text: content lines folded at 75 octets with CRLF, never inside a UTF-8 sequence.
///
/// A line is written straight into the output and folded in place when it ends longer than 75 octets (few
/// lines are), rather than built in a buffer of its own and copied: on the realistic address book that copy,
/// a parameter array per `type=` token and appending strings through their UTF-8 views cost about half of
/// serializing (docs/VCard.md, "Figures").
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
    /// Where the current content line starts in `bytes`.
    private var lineStart = 0
    /// A long line's bytes while it is folded.
    private var folding: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Makes room for at least `capacity` bytes in all.
    mutating func reserveCapacity(_ capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: Content lines

    /// Starts a content line with an optional group and a name.
    mutating func begin(_ name: String, group: String? = nil) {
        lineStart = bytes.count
        if let group {
            appendUTF8(group)
            bytes.append(UInt8(ascii: "."))
        }
        appendUTF8(name)
    }

    /// Starts a content line in the group `item<number>`, or in no group for nil.
    mutating func begin(_ name: String, item: Int?) {
        lineStart = bytes.count
        if let item {
            bytes.append(contentsOf: [UInt8(ascii: "i"), UInt8(ascii: "t"), UInt8(ascii: "e"), UInt8(ascii: "m")])
            appendDecimal(item)
            bytes.append(UInt8(ascii: "."))
        }
        appendUTF8(name)
    }

    /// Adds `;NAME=value,value`, quoting values that need it; a parameter without values is bare.
    mutating func parameter(_ name: String, _ values: [String]) {
        bytes.append(UInt8(ascii: ";"))
        appendUTF8(name)
        guard !values.isEmpty else { return }
        bytes.append(UInt8(ascii: "="))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendParameterValue(value)
        }
    }

    /// Adds `;NAME=value`.
    mutating func parameter(_ name: String, _ value: String) {
        bytes.append(UInt8(ascii: ";"))
        appendUTF8(name)
        bytes.append(UInt8(ascii: "="))
        appendParameterValue(value)
    }

    /// Adds parameters written earlier by ``parameter(_:_:)`` into another output (type tokens rendered once).
    mutating func appendParameters(_ text: [UInt8]) {
        bytes.append(contentsOf: text)
    }

    private mutating func appendParameterValue(_ value: String) {
        var value = value
        value.withUTF8 { appendParameterValue($0) }
    }

    private mutating func appendParameterValue(_ utf8: UnsafeBufferPointer<UInt8>) {
        var needsQuotes = false
        var needsEscapes = false
        for byte in utf8 where byte < 0x60 {
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: " "): needsQuotes = true
            case UInt8(ascii: "^"), UInt8(ascii: "\""), 0x0A, 0x0D: needsEscapes = true
            default: break
            }
        }
        if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
        guard needsEscapes else {
            bytes.append(contentsOf: utf8)
            if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
            return
        }
        var previousWasCarriageReturn = false
        for byte in utf8 {
            defer { previousWasCarriageReturn = byte == 0x0D }
            // RFC 6868 caret escapes for the characters a parameter value cannot hold. A line break of any
            // kind (LF, CR or CRLF) is its one newline, `^n`, as in values (docs/VCard.md).
            switch byte {
            case UInt8(ascii: "^"): bytes.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "^")])
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "'")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "n")])
            case 0x0A: if !previousWasCarriageReturn { bytes.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "n")]) }
            default: bytes.append(byte)
            }
        }
        if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
    }

    /// Ends the line with one value.
    mutating func value(_ text: String, _ escaping: Escaping = .text) {
        bytes.append(UInt8(ascii: ":"))
        appendEscaped(text, escaping)
        finishLine()
    }

    /// Ends the line with a structured value whose components are separated by `;`.
    mutating func components(_ parts: [String]) {
        startValue()
        for (index, part) in parts.enumerated() {
            component(part, first: index == 0)
        }
        finishLine()
    }

    /// Starts a value written part by part with ``component(_:first:)`` and ended by ``finishLine()``, for
    /// structured values whose parts are not in an array (one array a line less).
    mutating func startValue() {
        bytes.append(UInt8(ascii: ":"))
    }

    /// Adds one component of a structured value: `;` unless it is the first, then the escaped text.
    mutating func component(_ text: String, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ";")) }
        appendEscaped(text, .text)
    }

    /// Ends the line with a list value whose items are separated by `,`.
    mutating func list(_ items: [String]) {
        bytes.append(UInt8(ascii: ":"))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendEscaped(item, .text)
        }
        finishLine()
    }

    /// Ends the line with bytes that need no escaping, such as base64.
    mutating func rawValue(_ value: some Collection<UInt8>) {
        bytes.append(UInt8(ascii: ":"))
        bytes.append(contentsOf: value)
        finishLine()
    }

    /// Appends a string's UTF-8 bytes in one copy (appending its `utf8` view goes through a generic copy).
    private mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func appendDecimal(_ number: Int) {
        if number >= 10 { appendDecimal(number / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    private mutating func appendEscaped(_ text: String, _ escaping: Escaping) {
        var text = text
        text.withUTF8 { utf8 in
            var needsWork = false
            // Every byte that needs work is below 0x60: one comparison passes letters and non-ASCII text.
            for byte in utf8 where byte < 0x60 {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";")
                    || byte == 0x0A || byte == 0x0D
                {
                    needsWork = true
                    break
                }
            }
            guard needsWork else {
                bytes.append(contentsOf: utf8)
                return
            }
            var previousWasCarriageReturn = false
            for byte in utf8 {
                defer { previousWasCarriageReturn = byte == 0x0D }
                switch byte {
                case 0x0D:
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0A:
                    if !previousWasCarriageReturn { bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")]) }
                case UInt8(ascii: "\\") where escaping != .verbatim:
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: ","), UInt8(ascii: ";"):
                    if escaping == .text { bytes.append(UInt8(ascii: "\\")) }
                    bytes.append(byte)
                default:
                    bytes.append(byte)
                }
            }
        }
    }

    /// Ends the current line: at most 75 octets per physical line, continuation lines start with a space,
    /// and a fold never splits a UTF-8 sequence.
    mutating func finishLine() {
        let count = bytes.count - lineStart
        guard count > 75 else {
            bytes.append(contentsOf: [0x0D, 0x0A])
            return
        }
        folding.removeAll(keepingCapacity: true)
        folding.append(contentsOf: bytes[lineStart...])
        bytes.removeSubrange(lineStart...)
        var start = 0
        var limit = 75
        while count - start > limit {
            var cut = start + limit
            while cut > start + 1, folding[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes.append(contentsOf: folding[start..<cut])
            bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = cut
            limit = 74
        }
        bytes.append(contentsOf: folding[start..<count])
        bytes.append(contentsOf: [0x0D, 0x0A])
    }
}
