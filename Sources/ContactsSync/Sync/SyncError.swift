import ContactsEngine
import ContactsModel

/// An error of account management or sync.
///
/// Messages name identifiers (accounts, containers, hrefs), HTTP methods and statuses, never user names,
/// passwords, contact fields or card text, so they can be printed and logged as they are.
public struct SyncError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for `switch` and `catch` patterns.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Value: String, Sendable {
            case invalidURL = "invalid URL"
            case insecureURL = "insecure URL"
            case unauthorized
            case forbidden
            case notFound = "not found"
            case serverError = "server error"
            case unexpectedStatus = "unexpected status"
            case malformedResponse = "malformed response"
            case redirectLoop = "redirect loop"
            case timedOut = "timed out"
            case connectionFailed = "connection failed"
            case certificateUntrusted = "certificate not trusted"
            case noAddressBooks = "no address books"
            case credentialsMissing = "credentials missing"
            case credentialStorageFailed = "credential storage failed"
            case accountNotFound = "account not found"
            case store
            case responseTooLarge = "response too large"
        }

        fileprivate let value: Value

        public var description: String { value.rawValue }

        /// The URL is not an http or https URL with a host.
        public static let invalidURL = Code(value: .invalidURL)
        /// Plain http to a host that is not this machine: credentials would cross the network in clear.
        public static let insecureURL = Code(value: .insecureURL)
        /// The server refused the credentials (401).
        public static let unauthorized = Code(value: .unauthorized)
        /// The server refused the request (403).
        public static let forbidden = Code(value: .forbidden)
        /// The URL or a collection does not exist (404).
        public static let notFound = Code(value: .notFound)
        /// The server failed (5xx).
        public static let serverError = Code(value: .serverError)
        /// A status the protocol does not allow for the request.
        public static let unexpectedStatus = Code(value: .unexpectedStatus)
        /// The body is not the XML the protocol describes.
        public static let malformedResponse = Code(value: .malformedResponse)
        /// Redirects went round in a circle or did not end.
        public static let redirectLoop = Code(value: .redirectLoop)
        /// The server did not answer in time.
        public static let timedOut = Code(value: .timedOut)
        /// The connection could not be made or broke.
        public static let connectionFailed = Code(value: .connectionFailed)
        /// TLS: the server's certificate is not trusted and not pinned, or the handshake failed.
        public static let certificateUntrusted = Code(value: .certificateUntrusted)
        /// Discovery found no address book.
        public static let noAddressBooks = Code(value: .noAddressBooks)
        /// The account's credentials are not in the Secret Service or the credentials file.
        public static let credentialsMissing = Code(value: .credentialsMissing)
        /// The credentials could not be saved, read or removed.
        public static let credentialStorageFailed = Code(value: .credentialStorageFailed)
        /// No account has the identifier.
        public static let accountNotFound = Code(value: .accountNotFound)
        /// The contacts store failed; `underlying` holds its `CNError`.
        public static let store = Code(value: .store)
        /// A response was larger than a sync accepts.
        public static let responseTooLarge = Code(value: .responseTooLarge)
    }

    public let code: Code
    /// What happened, naming identifiers only.
    public let message: String
    /// The HTTP status, when the server answered.
    public let status: Int?
    /// The error behind this one, when there is one (a `CNError` for ``Code-swift.struct/store``).
    public let underlying: (any Error & Sendable)?

    public init(_ code: Code, _ message: String, status: Int? = nil, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.status = status
        self.underlying = underlying
    }

    public var description: String {
        "\(code): \(message)"
    }

    /// Whether the next sync may succeed where this one failed: the server or the network failed, not the
    /// account's configuration.
    public var isTransient: Bool {
        [.serverError, .timedOut, .connectionFailed, .malformedResponse, .redirectLoop].contains(code)
    }

    /// An error of the store, wrapped.
    static func store(_ error: any Error) -> SyncError {
        if let error = error as? SyncError { return error }
        let cnError = (error as? CNError) ?? CNError(.dataAccessError)
        return SyncError(.store, "the contacts store failed with code \(cnError.code.rawValue)", underlying: cnError)
    }

    /// Runs a store call, turning its errors into ``SyncError``s (one it throws itself passes as it is).
    static func fromStore<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError.store(StoreError.wrapping(error).contactsError)
        }
    }
}

extension SyncError.Code {
    /// Lets `catch SyncError.timedOut` style patterns match, as CNError's codes do.
    public static func ~= (code: SyncError.Code, error: any Error) -> Bool {
        (error as? SyncError)?.code == code
    }
}
