import ContactsEngine
import ContactsModel
import ContactsPrivacy
import Foundation

extension CNContactStore {
    /// The app's authorization to access contacts; never asks and never waits for the person.
    ///
    /// The class method answers for the app this process is (its `Info.plist`, or `CONTACTS_APP_INFO_PLIST`)
    /// in the person's store at the default location, with the administrator's policy file applied. A process
    /// that cannot be identified gets `.notDetermined`. A store opened with an explicit accessor answers with
    /// the instance method `authorizationStatus(for:)` (our addition).
    ///
    /// ```swift
    /// switch CNContactStore.authorizationStatus(for: .contacts) {
    /// case .authorized, .limited: showContacts()
    /// case .notDetermined: askFirst()
    /// default: explainSettings()
    /// }
    /// ```
    ///
    /// - Parameter entityType: `.contacts`.
    /// - Returns: The current status.
    ///
    /// Parity: full. The store file is not created by this call.
    public class func authorizationStatus(for entityType: CNEntityType) -> CNAuthorizationStatus {
        guard var configuration = ContactStoreConfiguration.default() else { return .notDetermined }
        // Reading a status must not create the person's store: a missing file holds no decision yet.
        let exists = FileManager.default.fileExists(atPath: configuration.url.path)
        configuration.isReadOnly = true
        return EmbeddedConnection(configuration: exists ? configuration : nil).authorizationStatus()
    }

    /// The authorization of this store's accessor; never asks. Our addition.
    ///
    /// The same as the class method, for the accessor and file of this store's configuration: `.authorized`
    /// for the person, the app's effective status otherwise.
    ///
    /// ```swift
    /// let store = CNContactStore(configuration: configuration)
    /// store.authorizationStatus(for: .contacts)   // .authorized for the person
    /// ```
    ///
    /// - Parameter entityType: `.contacts`.
    /// - Returns: The current status.
    ///
    /// Parity: our addition (Apple has only the class method, for the one app a process is).
    public func authorizationStatus(for entityType: CNEntityType) -> CNAuthorizationStatus {
        guard let privacy = connection as? any ContactStorePrivacyConnection else { return .notDetermined }
        return privacy.authorizationStatus()
    }

    /// Asks the person for access when they have not decided yet, and reports the answer.
    ///
    /// Returns at once; the handler runs later on an arbitrary thread. The person is asked at most once: later
    /// calls get the remembered answer. Consent comes from the consent agent (the terminal, `CONTACTS_CONSENT`,
    /// or the configuration's agent), never from the app; when no agent can ask, access is not granted and
    /// nothing is recorded, so a later call can ask again.
    ///
    /// ```swift
    /// store.requestAccess(for: .contacts) { granted, error in
    ///     if granted { loadContacts() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - entityType: `.contacts`.
    ///   - completionHandler: Called once with `true` and nil for full or limited access, otherwise `false` and
    ///     `CNError.authorizationDenied` (100).
    ///
    /// Parity: full. An app without `NSContactsUsageDescription` stops here, as on Apple platforms.
    public func requestAccess(
        for entityType: CNEntityType,
        completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        guard let privacy = connection as? any ContactStorePrivacyConnection else {
            completionHandler(false, CNError(.authorizationDenied))
            return
        }
        Task {
            let (granted, error) = await privacy.requestAccess()
            completionHandler(granted, error)
        }
    }

    /// Asks the person for access when they have not decided yet.
    ///
    /// ```swift
    /// let granted = try await store.requestAccess(for: .contacts)
    /// ```
    ///
    /// - Parameter entityType: `.contacts`.
    /// - Returns: True for full or limited access.
    /// - Throws: `CNError.authorizationDenied` (100) when access is denied, restricted, or nobody could ask.
    ///
    /// Parity: full.
    public func requestAccess(for entityType: CNEntityType) async throws -> Bool {
        guard let privacy = connection as? any ContactStorePrivacyConnection else {
            throw CNError(.authorizationDenied)
        }
        let (granted, error) = await privacy.requestAccess()
        if let error { throw error }
        return granted
    }
}
