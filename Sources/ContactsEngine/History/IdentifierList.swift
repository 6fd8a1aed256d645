/// Identifier lists bound as one JSON-array argument (`IN (SELECT value FROM json_each(?))`).
///
/// Written by hand: Foundation's JSONSerialization took half the time of a history fetch on Linux.
package enum IdentifierList {
    /// A JSON array of strings.
    package static func json(_ strings: [String]) -> String {
        var result = "["
        result.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, string) in strings.enumerated() {
            if index > 0 { result.append(",") }
            result.append("\"")
            // Identifiers are plain ASCII: copy them whole unless a character needs escaping.
            if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                result.append(string)
                result.append("\"")
                continue
            }
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": result.append("\\\"")
                case "\\": result.append("\\\\")
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
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
