/// A JSON array of strings built by hand, bound as one `json_each` argument.
///
/// `JSONSerialization` cost several percent of an import's time for the per-batch UID lists.
enum JSONStringList {
    static func encode(_ strings: [String]) -> String {
        var result = "["
        result.reserveCapacity(strings.count * 40)
        for (index, string) in strings.enumerated() {
            if index > 0 { result.append(",") }
            result.append("\"")
            // Most strings (UUIDs, identifiers) need no escaping and are appended whole.
            guard string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                result.append(string)
                result.append("\"")
                continue
            }
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": result.append("\\\"")
                case "\\": result.append("\\\\")
                case let control where control.value < 0x20:
                    let hex = String(control.value, radix: 16)
                    result.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                default: result.unicodeScalars.append(scalar)
                }
            }
            result.append("\"")
        }
        result.append("]")
        return result
    }
}
