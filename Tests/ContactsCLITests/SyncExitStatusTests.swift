import ContactsSync
import ContactsSystem
import Testing

@testable import ContactsCLI

/// The exit codes of account errors (docs/CLI.md), and their one-line messages.
@Suite struct SyncExitStatusTests {
    /// The documented table, one row per SyncError code.
    static let table: [(SyncError.Code, Int32)] = [
        (.accountNotFound, 67), (.invalidURL, 64), (.insecureURL, 77), (.unauthorized, 77), (.forbidden, 77),
        (.certificateUntrusted, 77), (.credentialsMissing, 77), (.notFound, 69), (.noAddressBooks, 69),
        (.credentialStorageFailed, 74), (.serverError, 75), (.timedOut, 75), (.connectionFailed, 75),
        (.malformedResponse, 76), (.unexpectedStatus, 76), (.redirectLoop, 76), (.responseTooLarge, 76),
        (.store, 74),
    ]

    @Test(arguments: table)
    func codeMapsToDocumentedExitStatus(code: SyncError.Code, status: Int32) {
        #expect(ExitStatus.code(for: code) == status)
        #expect(CommandFailure(SyncError(code, "message")).exitCode == status)
    }

    @Test func failureNamesTheAccountCodeAndStatusOnOneLine() {
        let error = SyncError(.unauthorized, "PROPFIND: the server refused the credentials", status: 401)
        let failure = CommandFailure(describing: error)
        #expect(
            failure.line.hasPrefix(
                "contacts: error: PROPFIND: the server refused the credentials (unauthorized, HTTP 401); hint: "))
        #expect(CommandFailure(error, account: "A1").message.hasPrefix("account A1: PROPFIND"))
    }

    @Test func storeErrorsGoThroughTheContactsTable() {
        let error = SyncError(.store, "the contacts store failed", underlying: CNError(.dataAccessError))
        let failure = CommandFailure(error, account: "A1")
        #expect(failure.exitCode == 74)
        #expect(failure.contactsCode == .dataAccessError)
        #expect(failure.message.hasPrefix("account A1: "))
    }
}
