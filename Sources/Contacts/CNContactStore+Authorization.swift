import ContactsEngine
import ContactsModel
import ContactsPrivacy
import Foundation

extension CNContactStore {
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
}
