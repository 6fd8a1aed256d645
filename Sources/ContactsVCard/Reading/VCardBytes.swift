/// Byte-level helpers shared by the reader and the writer.
package enum VCardBytes {
    /// The ASCII upper-case form of a byte; other bytes are unchanged.
    @inline(__always)
    package static func upper(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) ? byte - 32 : byte
    }

    /// Whether a range of a line spells an upper-case ASCII word, ignoring case.
    ///
    /// The words are static strings rather than arrays in static properties: each use of such a property went
    /// through its lazy initializer's `swift_once` (once per parameter, ~0.5% of reading the realistic cards).
    @inline(__always)
    package static func spells(_ line: ArraySlice<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        var offset = 0
        for index in range {
            if upper(line[index]) != letters[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether a byte belongs to the standard base64 alphabet, padding included.
    @inline(__always)
    package static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    /// Whether a byte may appear in a group or property name. Names are ASCII letters, digits and `-`;
    /// `_` and `/` are accepted because real files use them in vendor names.
    @inline(__always)
    package static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// The index of the colon that starts the value: the first colon outside double quotes.
    package static func valueColonIndex(in line: ArraySlice<UInt8>) -> Int? {
        var quoted = false
        for index in line.indices {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if byte == UInt8(ascii: ":"), !quoted {
                return index
            }
        }
        return nil
    }

    /// The 6-bit value of each base64 character, 0xFF for other bytes.
    package static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (value, byte) in alphabet.enumerated() {
            table[Int(byte)] = UInt8(value)
        }
        // The URL-safe alphabet shows up in data: URIs written by web tools.
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        return table
    }()
}
