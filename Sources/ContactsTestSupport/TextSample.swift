/// One string of ``TextSamples``, described with its control characters escaped.
///
/// Test runners print the arguments of parameterized tests, and a raw U+0000 or escape sequence there cuts
/// or garbles the log line; this description prints `\u{0}` instead.
package struct TextSample: Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text itself.
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    package init(stringLiteral text: String) {
        self.text = text
    }

    package var description: String { TextSamples.escaped(text) }
}
