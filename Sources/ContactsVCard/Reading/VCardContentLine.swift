/// One parsed content line: `[group.]NAME[;param...]:value`.
///
/// The value stays in the scanner's line buffer; ``valueStart`` says where it begins.
package struct VCardContentLine {
    /// The group, such as `item1`; nil when ungrouped.
    package var group: String?
    /// The property name as written.
    package var name: String
    /// The property name in ASCII upper case, for matching.
    package var upperName: String
    /// The parameters, in order.
    package var parameters: [VCardParameter]
    /// The index of the value's first byte in the line.
    package var valueStart: Int
    /// The transfer encoding, upper-cased: `ENCODING` or a vCard 2.1 bare encoding parameter.
    package var encoding: String?
    /// The `CHARSET` parameter.
    package var charset: String?

    package init(
        group: String?, name: String, upperName: String, parameters: [VCardParameter], valueStart: Int,
        encoding: String? = nil, charset: String? = nil
    ) {
        self.group = group
        self.name = name
        self.upperName = upperName
        self.parameters = parameters
        self.valueStart = valueStart
        self.encoding = encoding
        self.charset = charset
    }

    /// Parses a logical line.
    ///
    /// A line without a colon whose text is a plain name (such as `FN` in some Evolution exports) is read
    /// as that property with an empty value.
    ///
    /// - Throws: ``VCardParseError/Code/invalidPropertyName`` when the group or name holds other bytes.
    package static func parse(_ line: [UInt8], lineNumber: Int) throws(VCardParseError) -> VCardContentLine {
        var index = 0
        let count = line.count
        var group: String?
        var nameStart = 0
        while index < count, VCardBytes.isNameByte(line[index]) { index += 1 }
        if index < count, line[index] == UInt8(ascii: "."), index > 0 {
            group = String(decoding: line[0..<index], as: UTF8.self)
            index += 1
            nameStart = index
            while index < count, VCardBytes.isNameByte(line[index]) { index += 1 }
        }
        guard index > nameStart else { throw VCardParseError(.invalidPropertyName, line: lineNumber) }
        let nameBytes = line[nameStart..<index]
        let (name, upperName) = names(nameBytes)
        if index == count {
            return VCardContentLine(group: group, name: name, upperName: upperName, parameters: [], valueStart: count)
        }
        var parameters: [VCardParameter] = []
        var encoding: String?
        var charset: String?
        while index < count, line[index] == UInt8(ascii: ";") {
            index += 1
            if let parameter = parseParameter(line, index: &index) {
                let upper = parameter.name.uppercasedASCII()
                if parameter.isBare {
                    if bareEncodings.contains(upper) { encoding = upper }
                } else if upper == "ENCODING" {
                    encoding = parameter.values.first?.uppercasedASCII()
                } else if upper == "CHARSET" {
                    charset = parameter.values.first
                }
                parameters.append(parameter)
            }
        }
        guard index < count, line[index] == UInt8(ascii: ":") else {
            throw VCardParseError(.invalidPropertyName, line: lineNumber)
        }
        return VCardContentLine(
            group: group, name: name, upperName: upperName, parameters: parameters, valueStart: index + 1,
            encoding: encoding, charset: charset
        )
    }

    /// The name as written and in upper case, sharing one string when the name is upper case already.
    private static func names(_ bytes: ArraySlice<UInt8>) -> (String, String) {
        let hasLowercase = bytes.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
        let name = String(decoding: bytes, as: UTF8.self)
        guard hasLowercase else { return (name, name) }
        let upper = String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var index = 0
            for byte in bytes {
                buffer[index] = VCardBytes.upper(byte)
                index += 1
            }
            return index
        }
        return (name, upper)
    }

    private static func parseParameter(_ line: [UInt8], index: inout Int) -> VCardParameter? {
        let count = line.count
        let nameStart = index
        while index < count {
            let byte = line[index]
            if byte == UInt8(ascii: "=") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
            index += 1
        }
        let name = String(decoding: line[nameStart..<index], as: UTF8.self).trimmingSpaces()
        guard index < count, line[index] == UInt8(ascii: "=") else {
            return name.isEmpty ? nil : VCardParameter(name: name, values: [])
        }
        index += 1
        var values: [String] = []
        while true {
            values.append(parseParameterValue(line, index: &index))
            guard index < count, line[index] == UInt8(ascii: ",") else { break }
            index += 1
        }
        return name.isEmpty ? nil : VCardParameter(name: name, values: values)
    }

    private static func parseParameterValue(_ line: [UInt8], index: inout Int) -> String {
        let count = line.count
        var text: String
        if index < count, line[index] == UInt8(ascii: "\"") {
            let start = index + 1
            var end = start
            while end < count, line[end] != UInt8(ascii: "\"") { end += 1 }
            text = String(decoding: line[start..<end], as: UTF8.self)
            index = min(end + 1, count)
            // Tolerate text between the closing quote and the next delimiter by skipping it.
            while index < count, ![UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(line[index]) {
                index += 1
            }
        } else {
            let start = index
            while index < count {
                let byte = line[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
                index += 1
            }
            text = String(decoding: line[start..<index], as: UTF8.self)
        }
        if text.utf8.contains(UInt8(ascii: "^")) {
            text = decodeCaretEscapes(text)
        }
        return text
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
    /// The values of every parameter with a name, matched without regard to case.
    package func parameterValues(_ upperName: String) -> [String] {
        var result: [String] = []
        for parameter in parameters where parameter.name.uppercasedASCII() == upperName {
            result.append(contentsOf: parameter.values)
        }
        return result
    }

    /// The first value of a named parameter.
    package func parameterValue(_ upperName: String) -> String? {
        for parameter in parameters where parameter.name.uppercasedASCII() == upperName {
            return parameter.values.first
        }
        return nil
    }

    /// Whether the value is base64 (`ENCODING=b`, `ENCODING=BASE64` or bare `BASE64`).
    package var isBase64: Bool {
        encoding == "B" || encoding == "BASE64"
    }

    /// The type parameters of the line as label flags plus the first token with no meaning of its own.
    package var types: VCardTypes {
        var types = VCardTypes()
        forEachTypeToken { token, upper in types.add(token, upper: upper) }
        return types
    }

    /// The type tokens as written, for relation types.
    package var typeTokens: [String] {
        var tokens: [String] = []
        forEachTypeToken { token, _ in tokens.append(token) }
        return tokens
    }

    /// Calls a closure with each type token: `TYPE` values split at commas, and vCard 2.1 bare
    /// parameters other than encodings; the token as written and upper-cased.
    private func forEachTypeToken(_ body: (String, String) -> Void) {
        for parameter in parameters {
            if parameter.isBare {
                let upper = parameter.name.uppercasedASCII()
                if !Self.bareEncodings.contains(upper) { body(parameter.name, upper) }
            } else if parameter.name.utf8.count == 4, parameter.name.uppercasedASCII() == "TYPE" {
                for value in parameter.values {
                    if value.utf8.contains(UInt8(ascii: ",")) {
                        for token in value.split(separator: ",") {
                            let token = String(token).trimmingSpaces()
                            body(token, token.uppercasedASCII())
                        }
                    } else {
                        body(value, value.uppercasedASCII())
                    }
                }
            }
        }
    }

    static let bareEncodings: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]
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
