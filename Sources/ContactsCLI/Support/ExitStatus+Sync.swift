import ContactsSync

extension ExitStatus {
    /// The exit code for an error of a CardDAV account (`contacts accounts`), documented beside the CNError table.
    ///
    /// Failures that may pass by themselves (75) are told apart from the server breaking the protocol (76) and
    /// from the account needing the person (77), so a script that syncs on a timer knows when to try again.
    package static func code(for code: SyncError.Code) -> Int32 {
        switch code {
        case .accountNotFound: noRecord
        case .invalidURL: usage
        case .insecureURL, .unauthorized, .forbidden, .certificateUntrusted, .credentialsMissing: permission
        case .notFound, .noAddressBooks: unavailable
        case .credentialStorageFailed: ioError
        case .serverError, .timedOut, .connectionFailed: temporaryFailure
        case .malformedResponse, .unexpectedStatus, .redirectLoop, .responseTooLarge: protocolError
        // A store error is mapped through its CNError by CommandFailure; this row is for completeness.
        case .store: ioError
        default: failure
        }
    }
}
