import ContactsModel
import Foundation

/// A failure of the privacy layer: a configuration file that cannot be used, or a change the rules forbid.
///
/// Messages name files, keys and bundle identifiers, never contact data. ``cnError`` maps every error to the
/// `CNError` an app sees, in one place.
///
/// ```swift
/// do {
///     let policy = try AdministratorPolicy.load(environment: .live)
/// } catch {
///     print(error.message)   // names the file and what is wrong with it
/// }
/// ```
///
/// Parity: our addition.
public struct AuthorizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case infoPlistMissing
            case infoPlistMalformed
            case bundleIdentifierMissing
            case entitlementsMalformed
            case policyMalformed
            case consentSettingMalformed
            case restrictedByAdministrator
            case storageFailed
        }

        private let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// No `Info.plist` was found for the app.
        public static let infoPlistMissing = Code(.infoPlistMissing)
        /// The app's `Info.plist` is not a property list whose root is a dictionary.
        public static let infoPlistMalformed = Code(.infoPlistMalformed)
        /// The app's `Info.plist` has no `CFBundleIdentifier` string.
        public static let bundleIdentifierMissing = Code(.bundleIdentifierMissing)
        /// The app's entitlements file is not a property list whose root is a dictionary.
        public static let entitlementsMalformed = Code(.entitlementsMalformed)
        /// The administrator policy file is not in the documented JSON format, or cannot be read.
        public static let policyMalformed = Code(.policyMalformed)
        /// `CONTACTS_CONSENT` holds a value that is not one of the documented forms.
        public static let consentSettingMalformed = Code(.consentSettingMalformed)
        /// An administrator restricted the app, so the person cannot change its access.
        public static let restrictedByAdministrator = Code(.restrictedByAdministrator)
        /// The repository that stores decisions failed.
        public static let storageFailed = Code(.storageFailed)

        public var description: String { "\(value)" }
    }

    /// What went wrong.
    public var code: Code
    /// A sentence naming the file, key or bundle identifier involved.
    public var message: String
    /// The underlying Contacts error, for `storageFailed`.
    public var cause: CNError?
    /// Where the error was raised.
    public var location: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: A sentence naming files, keys or bundle identifiers, never contact data.
    ///   - cause: The underlying Contacts error, if any.
    public init(
        _ code: Code,
        message: String,
        cause: CNError? = nil,
        file: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.cause = cause
        self.location = "\(file):\(line)"
    }

    public var description: String {
        "AuthorizationError(\(code)): \(message)"
    }

    /// The Contacts error an app sees for this failure.
    ///
    /// Storage failures pass their cause through; a restriction is `authorizationDenied` (100); broken
    /// configuration reads as `dataAccessError` (2), since the app cannot fix it.
    public var cnError: CNError {
        switch code {
        case .storageFailed: cause ?? CNError(.dataAccessError)
        case .restrictedByAdministrator: CNError(.authorizationDenied)
        default: CNError(.dataAccessError)
        }
    }

    public static func == (left: AuthorizationError, right: AuthorizationError) -> Bool {
        left.code == right.code && left.message == right.message && left.cause == right.cause
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }
}
