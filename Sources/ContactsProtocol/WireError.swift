/// A failure to read or write the contactsd wire protocol: a frame, a message or a value in it.
///
/// It carries a code, a message that names fields, key names and sizes only (never contact data, and never
/// a string the peer sent, which may be contact data), the underlying error and where it was thrown.
/// ``contactsError`` maps every code to the `CNError` an app sees.
///
/// ```swift
/// do {
///     let storage = try ContactStorage(wire: message)
/// } catch {
///     logger.error("\(error)")   // "WireError.unknownKey: keys[3] is not a contact key name (...)"
/// }
/// ```
package struct WireError: Error, CustomStringConvertible {
    /// What kind of failure this is.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Wrapped: Hashable, Sendable {
            case malformedMessage
            case unknownKey
            case frameTooLarge
            case truncatedFrame
            case unsupportedVersion
        }

        private let wrapped: Wrapped

        private init(_ wrapped: Wrapped) {
            self.wrapped = wrapped
        }

        /// The bytes are not a protobuf message of the expected type, or a message breaks a rule of the
        /// protocol: an empty oneof, a missing part, a value out of its range.
        package static let malformedMessage = Code(.malformedMessage)
        /// A contact's `keys` holds a string that is not a CNContact key name.
        package static let unknownKey = Code(.unknownKey)
        /// A length prefix or a message exceeds ``ProtocolVersion/maximumFrameLength``.
        package static let frameTooLarge = Code(.frameTooLarge)
        /// The stream ended inside a frame.
        package static let truncatedFrame = Code(.truncatedFrame)
        /// The peer speaks no protocol version this build speaks.
        package static let unsupportedVersion = Code(.unsupportedVersion)

        /// Every code, for table tests.
        package static let allCases: [Code] = [
            .malformedMessage, .unknownKey, .frameTooLarge, .truncatedFrame, .unsupportedVersion,
        ]

        package var description: String { "\(wrapped)" }
    }

    /// A file and line in this module's sources.
    package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
        package var file: String
        package var line: Int
        package var description: String { "\(file):\(line)" }
    }

    package var code: Code
    /// What failed, naming fields, key names, indices and sizes only.
    package var message: String
    /// The underlying error, such as SwiftProtobuf's `BinaryDecodingError`.
    package var cause: (any Error)?
    /// Where the error was thrown.
    package var location: SourceLocation

    package init(
        _ code: Code,
        _ message: String,
        cause: (any Error)? = nil,
        file: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.cause = cause
        self.location = SourceLocation(file: file, line: line)
    }

    package var description: String {
        var text = "WireError.\(code): \(message) (\(location))"
        if let cause { text += " cause: \(cause)" }
        return text
    }
}
