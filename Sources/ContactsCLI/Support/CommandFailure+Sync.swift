import ContactsSync
import ContactsSystem

extension CommandFailure {
    /// The failure for an error of a CardDAV account: the error's message (identifiers, methods and statuses
    /// only, never user names, passwords or card text), its code, and a hint.
    ///
    /// - Parameter account: The account the command worked on, named in the message when the error does not
    ///   name it itself.
    package init(_ error: SyncError, account: String? = nil) {
        let prefix = account.map { "account \($0): " } ?? ""
        if error.code == .store, let underlying = error.underlying as? CNError {
            self = CommandFailure(underlying)
            message = prefix + message
            return
        }
        let status = error.status.map { ", HTTP \($0)" } ?? ""
        let named = error.code == .accountNotFound ? "" : prefix
        self.init(
            "\(named)\(error.message) (\(error.code)\(status))", exitCode: ExitStatus.code(for: error.code),
            hint: Self.hint(for: error.code))
    }

    /// What the person can do about an account error.
    static func hint(for code: SyncError.Code) -> String? {
        switch code {
        case .accountNotFound: "'contacts accounts list' shows account identifiers"
        case .invalidURL: "give an http or https URL with a host, such as https://dav.example.com/"
        case .insecureURL: "use https, or pass --allow-insecure-http on a network you trust"
        case .unauthorized: "check the user name and password; to change them, remove the account and add it again"
        case .certificateUntrusted: "add the account with --pin-certificate and the server's PEM certificate"
        case .credentialsMissing: "remove the account and add it again with its password"
        case .notFound, .noAddressBooks: "give the URL of your principal or of an address book"
        case .serverError, .timedOut, .connectionFailed: "try again later; a sync resumes where it stopped"
        default: nil
        }
    }
}
