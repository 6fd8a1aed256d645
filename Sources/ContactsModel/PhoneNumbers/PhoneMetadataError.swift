/// Why the phone-number metadata table could not be loaded.
///
/// The table ships inside the module, so this error means a broken build or installation, never bad
/// input from a person. Messages name the line of the table, never a phone number.
package struct PhoneMetadataError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, comparable with `==` and usable in `switch`.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case resourceMissing
            case unreadable
            case malformedLine
            case unsupportedPattern
        }

        private let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// The module's bundle has no PhoneMetadata.tsv.
        package static let resourceMissing = Code(.resourceMissing)
        /// The file exists but could not be read as UTF-8 text.
        package static let unreadable = Code(.unreadable)
        /// A line has the wrong number of columns or a malformed field.
        package static let malformedLine = Code(.malformedLine)
        /// A pattern uses regular-expression syntax that ``PhoneNumberPattern`` does not support.
        package static let unsupportedPattern = Code(.unsupportedPattern)

        package var description: String {
            switch value {
            case .resourceMissing: "resource missing"
            case .unreadable: "unreadable"
            case .malformedLine: "malformed line"
            case .unsupportedPattern: "unsupported pattern"
            }
        }
    }

    /// The kind of failure.
    package let code: Code
    /// What went wrong, for logs.
    package let message: String
    /// The 1-based line of the table where loading stopped, when the failure concerns one line.
    package let line: Int?
    /// The underlying error, such as the file system's.
    package let cause: (any Error & Sendable)?

    package init(code: Code, message: String, line: Int? = nil, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.cause = cause
    }

    package var description: String {
        var text = "PhoneMetadataError(\(code)): \(message)"
        if let line { text += " at line \(line)" }
        if let cause { text += " (cause: \(cause))" }
        return text
    }
}
