/// Lists bound as one JSON-array argument (`IN (SELECT value FROM json_each(?))`), so every list length
/// shares one cached statement.
///
/// Written by hand: Foundation's JSONSerialization costs about 30 µs for 100 identifiers on Linux, more
/// than the fetch that uses the list, and was half of a history fetch and several percent of an import.
package enum JSONList {
    /// A JSON array of row ids.
    ///
    /// The digits are written into one buffer: a `String` per id, then joining them, cost about 900
    /// instructions an id (callgrind), which a search paid for every hit when it read the hits' labeled values.
    package static func encode(_ ids: [Int64]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 + ids.count * 8)
        bytes.append(UInt8(ascii: "["))
        for (offset, id) in ids.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            appendDecimal(id, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the decimal digits of `value` as `String(value)` writes them, most significant first.
    private static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude is unsigned, so Int64.min has one too; its 19 digits need a divisor of 10^18 at most.
        var magnitude = value.magnitude
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
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
