import ContactsSystem

/// The tool's exit codes, from the BSD `sysexits.h` values, and the one table that maps CNError codes to them.
///
/// docs/CLI.md documents the table; `ExitStatusTests` pins every row.
package enum ExitStatus {
    /// Success.
    package static let success: Int32 = 0
    /// Any other failure.
    package static let failure: Int32 = 1
    /// Bad usage: unknown option, missing argument, invalid value (the argument parser's validation).
    package static let usage: Int32 = 64
    /// Bad input data: a malformed vCard, a contact that does not validate, a malformed identifier.
    package static let dataError: Int32 = 65
    /// A missing or unreadable input file, or a store that is missing or not a contacts store.
    package static let noInput: Int32 = 66
    /// No record with the identifier given (contact, group or container).
    package static let noRecord: Int32 = 67
    /// A feature that is not available.
    package static let unavailable: Int32 = 69
    /// A file or record that cannot be created (it exists, or the place is not writable).
    package static let cannotCreate: Int32 = 73
    /// The store or the credentials could not be read or written.
    package static let ioError: Int32 = 74
    /// A failure that may pass: the server failed (5xx), did not answer in time, or could not be reached.
    /// Scripts may try again later.
    package static let temporaryFailure: Int32 = 75
    /// The server answered outside the protocol: malformed XML, an unexpected status, endless redirects.
    package static let protocolError: Int32 = 76
    /// Not permitted: authorization, read-only containers and records, account policy.
    package static let permission: Int32 = 77

    /// The exit code for a CNError code.
    package static func code(for code: CNError.Code) -> Int32 {
        switch code {
        case .dataAccessError: ioError
        case .communicationError, .featureNotAvailable, .featureDisabledByUser: unavailable
        case .authorizationDenied, .unauthorizedKeys, .noAccessableWritableContainers, .recordNotWritable,
            .parentContainerNotWritable, .policyViolation:
            permission
        case .recordDoesNotExist, .parentRecordDoesNotExist: noRecord
        case .insertedRecordAlreadyExists: cannotCreate
        case .containmentCycle, .containmentScope, .recordIdentifierInvalid, .validationMultipleErrors,
            .validationTypeMismatch, .validationConfigurationError, .predicateInvalid, .vCardMalformed,
            .vCardSummarizationError:
            dataError
        default: failure
        }
    }
}
