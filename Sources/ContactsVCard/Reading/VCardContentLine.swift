/// One parsed content line: `[group.]NAME[;param...]:value`.
///
/// The line keeps a reference to the scanner's bytes and positions into them; the group, the name and the
/// parameters are made into strings only when asked for, so a known property costs no strings, arrays or
/// hashing until the builder reads its value.
package struct VCardContentLine {
    /// Where the group is, such as `item1`; nil when ungrouped.
    package private(set) var groupRange: Range<Int>?
    /// Where the property name is.
    package private(set) var nameRange: Range<Int>
    /// The index of the value's first byte in the line.
    package var valueStart: Int
    /// Where the transfer encoding is written: the value of `ENCODING` or a vCard 2.1 bare encoding.
    private var encodingRange: Range<Int>?
    /// Where the `CHARSET` parameter's value is.
    private var charsetRange: Range<Int>?
    /// The transfer encoding, read once: ranges and this enum keep the line free of strings, so passing
    /// and copying it costs no reference counting beyond its bytes.
    private(set) var transferEncoding: TransferEncoding = .none

    /// The transfer encodings the reader tells apart.
    enum TransferEncoding {
        case none, quotedPrintable, base64
        /// Another encoding (`8BIT`, `7BIT`, or unknown text).
        case other
    }

    /// The transfer encoding, upper-cased: `ENCODING` or a vCard 2.1 bare encoding parameter.
    package var encoding: String? {
        encodingRange.map { String(decoding: bytes[$0], as: UTF8.self).uppercasedASCII() }
    }

    /// The `CHARSET` parameter.
    package var charset: String? {
        charsetRange.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Whether the line has a `CHARSET` parameter.
    var hasCharset: Bool { charsetRange != nil }

    /// Whether the value is quoted-printable.
    var isQuotedPrintable: Bool { transferEncoding == .quotedPrintable }
    /// The property, when the reader models it.
    let kind: VCardPropertyKind?
    /// The bytes of the logical line: a slice of the reader's input, or of the scanner's buffer for a folded
    /// line. Ranges are indices of that slice (they need not start at 0).
    private let bytes: ArraySlice<UInt8>
    /// Where the parameters begin: the first `;` after the name.
    private let parameterStart: Int

    /// The group, such as `item1`; nil when ungrouped.
    package var group: String? {
        groupRange.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The property name as written.
    package var name: String {
        String(decoding: bytes[nameRange], as: UTF8.self)
    }

    /// The property name in ASCII upper case, for matching.
    package var upperName: String {
        name.uppercasedASCII()
    }

    /// Parses a logical line.
    ///
    /// A line without a colon whose text is a plain name (such as `FN` in some Evolution exports) is read
    /// as that property with an empty value.
    ///
    /// - Parameter matchesNamesByBytes: false looks the property up by its upper-cased name as a string,
    ///   the general path that tests compare the byte matching with.
    /// - Throws: ``VCardParseError/Code/invalidPropertyName`` when the group or name holds other bytes.
    package static func parse(
        _ line: [UInt8], lineNumber: Int, matchesNamesByBytes: Bool = true
    ) throws(VCardParseError) -> VCardContentLine {
        try parse(line[...], lineNumber: lineNumber, matchesNamesByBytes: matchesNamesByBytes)
    }

    /// Parses a logical line given as a slice; every range of the result is an index of that slice.
    package static func parse(
        _ line: ArraySlice<UInt8>, lineNumber: Int, matchesNamesByBytes: Bool = true
    ) throws(VCardParseError) -> VCardContentLine {
        let lineStart = line.startIndex
        var index = lineStart
        let count = line.endIndex
        var groupRange: Range<Int>?
        var nameStart = lineStart
        while index < count, VCardBytes.isNameByte(line[index]) { index += 1 }
        if index < count, line[index] == UInt8(ascii: "."), index > lineStart {
            groupRange = lineStart..<index
            index += 1
            nameStart = index
            while index < count, VCardBytes.isNameByte(line[index]) { index += 1 }
        }
        guard index > nameStart else { throw VCardParseError(.invalidPropertyName, line: lineNumber) }
        var result = VCardContentLine(
            groupRange: groupRange, nameRange: nameStart..<index, valueStart: count,
            kind: matchesNamesByBytes
                ? VCardPropertyKind.lookup(line, nameStart..<index)
                : VCardPropertyKind.byName[String(decoding: line[nameStart..<index], as: UTF8.self).uppercasedASCII()],
            bytes: line, parameterStart: index
        )
        if index == count { return result }
        if line[index] == UInt8(ascii: ":") {
            // No parameters: the common case needs no walk.
            result.valueStart = index + 1
            return result
        }
        var encodingRange: Range<Int>?
        var charsetRange: Range<Int>?
        let colon = walkParameters(line, from: index) { nameRange, valueRange, _ in
            if let valueRange {
                if spells(line, nameRange, "ENCODING") {
                    // The first ENCODING counts; a later bare encoding overrides it.
                    if encodingRange == nil { encodingRange = valueRange }
                } else if spells(line, nameRange, "CHARSET"), charsetRange == nil {
                    charsetRange = valueRange
                }
            } else if isBareEncoding(line, nameRange) {
                encodingRange = nameRange
            }
        }
        guard let colon else { throw VCardParseError(.invalidPropertyName, line: lineNumber) }
        result.valueStart = colon + 1
        result.encodingRange = encodingRange
        result.charsetRange = charsetRange
        if let encodingRange {
            if spells(line, encodingRange, "QUOTED-PRINTABLE") {
                result.transferEncoding = .quotedPrintable
            } else if spells(line, encodingRange, "BASE64") || spells(line, encodingRange, "B") {
                result.transferEncoding = .base64
            } else {
                result.transferEncoding = .other
            }
        }
        return result
    }

    private init(
        groupRange: Range<Int>?, nameRange: Range<Int>, valueStart: Int, kind: VCardPropertyKind?,
        bytes: ArraySlice<UInt8>,
        parameterStart: Int
    ) {
        self.groupRange = groupRange
        self.nameRange = nameRange
        self.valueStart = valueStart
        self.kind = kind
        self.bytes = bytes
        self.parameterStart = parameterStart
    }

    /// Whether the name, ignoring case, is an upper-case ASCII word.
    func nameIs(_ word: [UInt8]) -> Bool {
        Self.matches(bytes, nameRange, word)
    }

    // MARK: Walking parameters

    /// Walks `;name=value,value;bare` from `start`, calling `visit` once per value (value nil for a bare
    /// parameter) with the value's range inside its quotes; returns the index of the colon that starts
    /// the value, or nil when the line has none.
    @inline(__always)
    private static func walkParameters(
        _ slice: ArraySlice<UInt8>, from start: Int, _ visit: (Range<Int>, Range<Int>?, Bool) -> Void
    ) -> Int? {
        // The walk reads through a pointer, whose index 0 is the slice's first byte: ranges are shifted back
        // by `offset` when they are handed out.
        let offset = slice.startIndex
        return slice.withUnsafeBufferPointer { line in
            let count = line.count
            var index = start - offset
            while index < count, line[index] == UInt8(ascii: ";") {
                index += 1
                var nameStart = index
                while index < count {
                    let byte = line[index]
                    if byte == UInt8(ascii: "=") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
                    index += 1
                }
                var nameEnd = index
                while nameStart < nameEnd, line[nameStart] == 0x20 || line[nameStart] == 0x09 { nameStart += 1 }
                while nameEnd > nameStart, line[nameEnd - 1] == 0x20 || line[nameEnd - 1] == 0x09 { nameEnd -= 1 }
                let nameRange = (nameStart + offset)..<(nameEnd + offset)
                guard index < count, line[index] == UInt8(ascii: "=") else {
                    if !nameRange.isEmpty { visit(nameRange, nil, false) }
                    continue
                }
                index += 1
                while true {
                    let (valueRange, quoted) = walkValue(line, index: &index)
                    if !nameRange.isEmpty {
                        visit(nameRange, (valueRange.lowerBound + offset)..<(valueRange.upperBound + offset), quoted)
                    }
                    guard index < count, line[index] == UInt8(ascii: ",") else { break }
                    index += 1
                }
            }
            return index < count && line[index] == UInt8(ascii: ":") ? index + offset : nil
        }
    }

    @inline(__always)
    private static func walkValue(_ line: UnsafeBufferPointer<UInt8>, index: inout Int) -> (Range<Int>, Bool) {
        let count = line.count
        if index < count, line[index] == UInt8(ascii: "\"") {
            let start = index + 1
            var end = start
            while end < count, line[end] != UInt8(ascii: "\"") { end += 1 }
            index = min(end + 1, count)
            // Tolerate text between the closing quote and the next delimiter by skipping it.
            while index < count {
                let byte = line[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
                index += 1
            }
            return (start..<end, true)
        }
        let start = index
        while index < count {
            let byte = line[index]
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
            index += 1
        }
        return (start..<index, false)
    }

    /// Whether a range of the line spells an upper-case ASCII word, ignoring case.
    @inline(__always)
    static func matches(_ line: ArraySlice<UInt8>, _ range: Range<Int>, _ word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        var offset = 0
        for index in range {
            if VCardBytes.upper(line[index]) != word[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether a range of the line spells an upper-case ASCII word given as a string, ignoring case.
    static func matches(_ line: ArraySlice<UInt8>, _ range: Range<Int>, _ word: String) -> Bool {
        let utf8 = word.utf8
        guard range.count == utf8.count else { return false }
        var index = range.lowerBound
        for expected in utf8 {
            if VCardBytes.upper(line[index]) != expected { return false }
            index += 1
        }
        return true
    }

    /// Whether a range of the line spells an upper-case ASCII word, ignoring case (``VCardBytes/spells(_:_:_:)``).
    @inline(__always)
    static func spells(_ line: ArraySlice<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        VCardBytes.spells(line, range, word)
    }

    /// Whether a bare parameter is a vCard 2.1 transfer encoding: `QUOTED-PRINTABLE`, `BASE64`, `B`, `8BIT`, `7BIT`.
    static func isBareEncoding(_ line: ArraySlice<UInt8>, _ range: Range<Int>) -> Bool {
        spells(line, range, "QUOTED-PRINTABLE") || spells(line, range, "BASE64") || spells(line, range, "B")
            || spells(line, range, "8BIT") || spells(line, range, "7BIT")
    }

    /// The text of a parameter value, with RFC 6868 caret escapes decoded.
    private static func valueText(_ line: ArraySlice<UInt8>, _ range: Range<Int>) -> String {
        let text = String(decoding: line[range], as: UTF8.self)
        return line[range].contains(UInt8(ascii: "^")) ? decodeCaretEscapes(text) : text
    }

    /// Decodes RFC 6868 escapes: `^n` line break, `^^` caret, `^'` double quote.
    private static func decodeCaretEscapes(_ text: String) -> String {
        var result: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "^"), index + 1 < bytes.count {
                switch bytes[index + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    result.append(UInt8(ascii: "\n"))
                    index += 2
                    continue
                case UInt8(ascii: "^"):
                    result.append(UInt8(ascii: "^"))
                    index += 2
                    continue
                case UInt8(ascii: "'"):
                    result.append(UInt8(ascii: "\""))
                    index += 2
                    continue
                default:
                    break
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension VCardContentLine {
    /// The parameters, in order, as strings: for keeping a property as unknown.
    package var parameters: [VCardParameter] {
        var result: [VCardParameter] = []
        var current: Range<Int>?
        let line = bytes
        _ = Self.walkParameters(line, from: parameterStart) { nameRange, valueRange, _ in
            if current != nameRange {
                current = nameRange
                result.append(VCardParameter(name: String(decoding: line[nameRange], as: UTF8.self), values: []))
            }
            if let valueRange {
                result[result.count - 1].values.append(Self.valueText(line, valueRange))
            }
        }
        return result
    }

    /// Whether the line has a parameter, bare or named, matched without regard to case.
    package func hasParameter(_ upperName: String) -> Bool {
        var found = false
        let line = bytes
        _ = Self.walkParameters(line, from: parameterStart) { nameRange, _, _ in
            if !found, Self.matches(line, nameRange, upperName) { found = true }
        }
        return found
    }

    /// The values of every parameter with a name, matched without regard to case.
    package func parameterValues(_ upperName: String) -> [String] {
        var values: [String] = []
        let line = bytes
        _ = Self.walkParameters(line, from: parameterStart) { nameRange, valueRange, _ in
            if let valueRange, Self.matches(line, nameRange, upperName) {
                values.append(Self.valueText(line, valueRange))
            }
        }
        return values
    }

    /// The first value of a named parameter.
    package func parameterValue(_ upperName: String) -> String? {
        // Most lines have no parameters at all; those with some rarely have the one asked for.
        if parameterStart >= bytes.endIndex || bytes[parameterStart] != UInt8(ascii: ";") { return nil }
        var value: String?
        let line = bytes
        _ = Self.walkParameters(line, from: parameterStart) { nameRange, valueRange, _ in
            if value == nil, let valueRange, Self.matches(line, nameRange, upperName) {
                value = Self.valueText(line, valueRange)
            }
        }
        return value
    }

    /// Whether the value is base64 (`ENCODING=b`, `ENCODING=BASE64` or bare `BASE64`).
    package var isBase64: Bool {
        transferEncoding == .base64
    }

    /// The type parameters of the line as label flags plus the first token with no meaning of its own.
    package var types: VCardTypes {
        var types = VCardTypes()
        let line = bytes
        forEachTypeToken { range in types.add(line, range) }
        return types
    }

    /// The type tokens as written, for relation types.
    package var typeTokens: [String] {
        var tokens: [String] = []
        let line = bytes
        forEachTypeToken { range in tokens.append(String(decoding: line[range], as: UTF8.self)) }
        return tokens
    }

    /// Calls a closure with the range of each type token: `TYPE` values split at commas, and vCard 2.1 bare
    /// parameters other than encodings.
    private func forEachTypeToken(_ body: (Range<Int>) -> Void) {
        let line = bytes
        _ = Self.walkParameters(line, from: parameterStart) { nameRange, valueRange, _ in
            guard let valueRange else {
                if !Self.isBareEncoding(line, nameRange) { body(nameRange) }
                return
            }
            guard Self.spells(line, nameRange, "TYPE") else { return }
            var start = valueRange.lowerBound
            var index = start
            while index <= valueRange.upperBound {
                if index == valueRange.upperBound || line[index] == UInt8(ascii: ",") {
                    var tokenStart = start
                    var tokenEnd = index
                    while tokenStart < tokenEnd, line[tokenStart] == 0x20 { tokenStart += 1 }
                    while tokenEnd > tokenStart, line[tokenEnd - 1] == 0x20 { tokenEnd -= 1 }
                    body(tokenStart..<tokenEnd)
                    start = index + 1
                }
                index += 1
            }
        }
    }
}

extension String {
    /// The string with ASCII letters upper-cased and everything else unchanged.
    package func uppercasedASCII() -> String {
        let utf8 = utf8
        if !utf8.contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) { return self }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var index = 0
            for byte in utf8 {
                buffer[index] = VCardBytes.upper(byte)
                index += 1
            }
            return index
        }
    }

    /// The string without leading and trailing spaces and tabs.
    package func trimmingSpaces() -> String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        guard let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return self }
        return String(self[first...last])
    }
}
