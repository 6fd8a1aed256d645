/// Random secrets of the person's screens: one-time link tokens, session ids and CSRF tokens.
///
/// 256 bits from the system's cryptographic generator (`SystemRandomNumberGenerator` reads getrandom(2) on
/// Linux), written as lowercase hex so they fit a URL path, a cookie and a form field without escaping.
package struct SecretToken: Hashable, Sendable {
    package let text: String

    package init() {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        text.reserveCapacity(64)
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex
        }
        self.text = text
    }

    /// Compares a secret with what a request carried, in time that depends on the length only, so a guesser
    /// learns nothing from how long a wrong guess took. Hand-written: it is four lines, and no library of ours
    /// exposes one for strings.
    package func matches(_ candidate: String) -> Bool {
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }
}
