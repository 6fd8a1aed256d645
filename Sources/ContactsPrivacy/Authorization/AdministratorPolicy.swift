import ContactsModel
import Foundation

/// The administrator's restrictions: apps that may never access contacts and are never asked.
///
/// The policy file is JSON, named by `CONTACTS_POLICY` or at `/etc/contacts/policy.json`:
///
/// ```json
/// { "restricted": ["com.example.tracker", "org.example.*"] }
/// ```
///
/// `restricted` lists bundle identifiers; an entry ending in `*` matches every identifier with that prefix, and
/// `"*"` alone restricts every app. Other top-level keys are ignored, so later versions can add some. A missing
/// file restricts nothing. A file that exists but cannot be read or is not in this format fails closed:
/// ``loadFailingClosed(environment:)`` restricts every app and returns the error to report.
///
/// ```swift
/// let (policy, problem) = AdministratorPolicy.loadFailingClosed(environment: .live)
/// policy.restricts("com.example.app")
/// ```
///
/// Parity: our addition; Apple's equivalent is a device-management profile.
public struct AdministratorPolicy: Hashable, Sendable {
    /// The environment variable that names the policy file.
    public static let fileVariable = "CONTACTS_POLICY"
    /// The policy file's location when `CONTACTS_POLICY` is not set.
    public static let defaultPath = "/etc/contacts/policy.json"

    /// The restricted bundle identifiers and `prefix*` patterns.
    public var restricted: Set<String>

    /// Creates a policy.
    ///
    /// - Parameter restricted: Bundle identifiers or `prefix*` patterns to restrict.
    public init(restricted: Set<String> = []) {
        self.restricted = restricted
    }

    /// A policy that restricts nothing.
    public static let unrestricted = AdministratorPolicy()
    /// A policy that restricts every app.
    public static let restrictEverything = AdministratorPolicy(restricted: ["*"])

    /// Whether the policy restricts an app.
    ///
    /// - Parameter bundleIdentifier: The app's bundle identifier.
    public func restricts(_ bundleIdentifier: String) -> Bool {
        restricted.contains { pattern in
            if pattern.hasSuffix("*") {
                return bundleIdentifier.hasPrefix(pattern.dropLast())
            }
            return pattern == bundleIdentifier
        }
    }

    /// The status an app has under this policy, given its stored status.
    public func effectiveStatus(of bundleIdentifier: String, stored: CNAuthorizationStatus) -> CNAuthorizationStatus {
        restricts(bundleIdentifier) ? .restricted : stored
    }

    /// The policy file's URL: `CONTACTS_POLICY` if set, else `/etc/contacts/policy.json`.
    public static func fileURL(environment: PrivacyEnvironment) -> URL {
        URL(fileURLWithPath: environment.variable(fileVariable).flatMap { $0.isEmpty ? nil : $0 } ?? defaultPath)
    }

    /// Parses the policy file's JSON.
    ///
    /// - Parameter data: The file's contents.
    /// - Returns: The policy.
    /// - Throws: ``AuthorizationError`` `policyMalformed` when the root is not an object or `restricted` is not an
    ///   array of non-empty strings.
    public static func parse(_ data: Data) throws(AuthorizationError) -> AdministratorPolicy {
        guard let root = try? JSONSerialization.jsonObject(with: data), let object = root as? [String: Any] else {
            throw AuthorizationError(.policyMalformed, message: "The policy file is not a JSON object.")
        }
        guard let entries = object["restricted"] else { return .unrestricted }
        guard let list = entries as? [Any] else {
            throw AuthorizationError(.policyMalformed, message: "The policy's \"restricted\" is not an array.")
        }
        var restricted = Set<String>()
        for entry in list {
            guard let identifier = entry as? String, !identifier.isEmpty else {
                throw AuthorizationError(
                    .policyMalformed,
                    message: "The policy's \"restricted\" holds a value that is not a bundle identifier.")
            }
            restricted.insert(identifier)
        }
        return AdministratorPolicy(restricted: restricted)
    }

    /// Loads the policy file.
    ///
    /// - Parameter environment: Supplies the variable and file access.
    /// - Returns: The policy; ``unrestricted`` when the file does not exist.
    /// - Throws: ``AuthorizationError`` `policyMalformed` when the file exists but cannot be read or parsed.
    public static func load(environment: PrivacyEnvironment) throws(AuthorizationError) -> AdministratorPolicy {
        let url = fileURL(environment: environment)
        let data: Data?
        do {
            data = try environment.readFile(url)
        } catch {
            throw AuthorizationError(.policyMalformed, message: "The policy file \(url.path) cannot be read.")
        }
        guard let data else { return .unrestricted }
        do {
            return try parse(data)
        } catch {
            throw AuthorizationError(.policyMalformed, message: "\(url.path): \(error.message)")
        }
    }

    /// Loads the policy file, restricting every app when the file is broken.
    ///
    /// An administrator who wrote a policy meant to restrict something; when we cannot tell what, restricting
    /// everything is the safe reading. The person's own tools are not apps and keep working.
    ///
    /// - Parameter environment: Supplies the variable and file access.
    /// - Returns: The policy, and the error to report when the file was broken.
    public static func loadFailingClosed(
        environment: PrivacyEnvironment
    ) -> (policy: AdministratorPolicy, error: AuthorizationError?) {
        do {
            return (try load(environment: environment), nil)
        } catch {
            return (.restrictEverything, error)
        }
    }
}
