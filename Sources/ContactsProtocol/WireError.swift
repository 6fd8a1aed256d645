/// A message that cannot become a model value, or a frame that breaks the framing rules. Messages name
/// fields and sizes, never contact data.
package struct WireError: Error, CustomStringConvertible {
    package struct Code: Hashable, Sendable {
        private enum Value { case malformedMessage, unknownKey, frameTooLarge, unsupportedVersion }
        private let value: Value
        package static let malformedMessage = Code(value: .malformedMessage)
        package static let unknownKey = Code(value: .unknownKey)
        package static let frameTooLarge = Code(value: .frameTooLarge)
        package static let unsupportedVersion = Code(value: .unsupportedVersion)
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
