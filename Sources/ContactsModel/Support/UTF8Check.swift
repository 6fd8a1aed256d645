/// Whether stored text is valid UTF-8 as Swift's `String(decoding:as:)` judges it (no repair needed): the rules
/// of Unicode's table 3-7 (no overlong forms, no surrogates, nothing past U+10FFFF).
///
/// Hand-written because it runs over every stored or read string on the hot paths: contactsd's column encoder
/// (whose former check, `allSatisfy { $0 < 0x80 }` and a `String` built for anything else, scanned every byte
/// through a closure and allocated a string for every non-ASCII name) and the vCard reader's charset check. ASCII
/// runs are checked eight bytes at a time.
package enum UTF8Check {
    @inlinable
    package static func isValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = text.baseAddress else { return true }
        let count = text.count
        var index = 0
        while index < count {
            // ASCII, a word at a time.
            while index + 8 <= count {
                let word = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { return true }
            let lead = start[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard count - index >= length else { return false }
            let second = start[index + 1]
            guard second >= low, second <= high else { return false }
            for offset in 2..<length where start[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
