/// Lists bound as one JSON-array argument (`IN (SELECT value FROM json_each(?))`), so every list length
/// shares one cached statement.
///
/// Written by hand: Foundation's JSONSerialization costs about 30 µs for 100 identifiers on Linux, more
/// than the fetch that uses the list, and was half of a history fetch and several percent of an import.
package enum JSONList {
    /// A JSON array of row ids.
    package static func encode(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// A JSON array of strings. Quotes, backslashes and control characters are escaped; all else is valid
    /// JSON as is.
    package static func encode(_ strings: [String]) -> String {
        var json = "["
        json.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        for (offset, string) in strings.enumerated() {
            json += offset == 0 ? "\"" : ",\""
            // Identifiers and UIDs are plain ASCII: copied whole unless a character needs escaping.
            if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                json += string
            } else {
                for scalar in string.unicodeScalars {
                    switch scalar {
                    case "\"": json += "\\\""
                    case "\\": json += "\\\\"
                    case _ where scalar.value < 0x20:
                        let hex = String(scalar.value, radix: 16)
                        json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    default: json.unicodeScalars.append(scalar)
                    }
                }
            }
            json += "\""
        }
        return json + "]"
    }
}
