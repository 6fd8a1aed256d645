import ContactsModel
import Foundation

/// An error inside the engine, mapped to `CNError` in one place (``contactsError``).
///
/// It carries a code, a message naming identifiers and keys only, the underlying error and where it was
/// thrown, so logs can say what failed without saying whose data it was.
package struct StoreError: Error, CustomStringConvertible {
    /// What kind of failure this is.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Wrapped: Hashable, Sendable {
            case databaseFailure
            case cannotOpen
            case recordDoesNotExist
            case recordAlreadyExists
            case containmentCycle
            case containmentScope
            case parentRecordDoesNotExist
            case identifierInvalid
            case recordNotWritable
            case parentContainerNotWritable
            case noWritableContainer
            case policyViolation
            case predicateInvalid
            case validation
        }

        private let wrapped: Wrapped

        /// SQLite failed: I/O, a full disk, a read-only file, a locked database, corruption.
        package static let databaseFailure = Code(wrapped: .databaseFailure)
        /// The store file or its directory could not be created or opened.
        package static let cannotOpen = Code(wrapped: .cannotOpen)
        /// An update, delete or lookup named a record the store does not have.
        package static let recordDoesNotExist = Code(wrapped: .recordDoesNotExist)
        /// An add named a record the store already has.
        package static let recordAlreadyExists = Code(wrapped: .recordAlreadyExists)
        /// A subgroup change would make a group contain itself.
        package static let containmentCycle = Code(wrapped: .containmentCycle)
        /// A member or subgroup lives in another container than its group.
        package static let containmentScope = Code(wrapped: .containmentScope)
        /// An add named a container that does not exist.
        package static let parentRecordDoesNotExist = Code(wrapped: .parentRecordDoesNotExist)
        /// An identifier is empty, too long or holds control characters.
        package static let identifierInvalid = Code(wrapped: .identifierInvalid)
        /// The record is read-only.
        package static let recordNotWritable = Code(wrapped: .recordNotWritable)
        /// The container to write into is read-only.
        package static let parentContainerNotWritable = Code(wrapped: .parentContainerNotWritable)
        /// No writable container can take a new record.
        package static let noWritableContainer = Code(wrapped: .noWritableContainer)
        /// The container's account type forbids the change, such as a group in an Exchange container.
        package static let policyViolation = Code(wrapped: .policyViolation)
        /// A predicate the operation cannot use.
        package static let predicateInvalid = Code(wrapped: .predicateInvalid)
        /// A contact broke a validation rule; the CNError is in ``StoreError/validationError``.
        package static let validation = Code(wrapped: .validation)

        package var description: String { "\(wrapped)" }
    }

    package var code: Code
    /// What failed, with identifiers and keys only.
    package var message: String
    /// The underlying error, such as a GRDB `DatabaseError`.
    package var cause: (any Error)?
    /// The records the error concerns, reported under `CNErrorUserInfoAffectedRecordsKey`.
    package var affectedRecords: [any AnyObject & Sendable]
    /// The identifiers of the records the error concerns.
    package var affectedIdentifiers: [String]
    /// The validation error, for ``Code/validation``.
    package var validationError: CNError?
    /// Where the error was thrown.
    package var location: SourceLocation

    /// A file and line in the engine's sources.
    package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
        package var file: String
        package var line: Int
        package var description: String { "\(file):\(line)" }
    }

    package init(
        _ code: Code,
        _ message: String,
        cause: (any Error)? = nil,
        affectedRecords: [any AnyObject & Sendable] = [],
        affectedIdentifiers: [String] = [],
        file: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.cause = cause
        self.affectedRecords = affectedRecords
        self.affectedIdentifiers = affectedIdentifiers
        self.location = SourceLocation(file: file, line: line)
    }

    /// A validation failure that carries the validator's error unchanged.
    package static func validation(_ error: CNError, file: String = #fileID, line: Int = #line) -> StoreError {
        var result = StoreError(.validation, "validation failed", file: file, line: line)
        result.validationError = error
        return result
    }

    package var description: String {
        var text = "StoreError.\(code): \(message) (\(location))"
        if let cause { text += " cause: \(cause)" }
        return text
    }
}
