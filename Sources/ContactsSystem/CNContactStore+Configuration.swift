import Contacts
import ContactsEngine
import Foundation

extension CNContactStore {
    /// Opens the store a configuration names, acting for the configuration's accessor. Our addition, for the
    /// system side.
    ///
    /// The accessor decides what the store may see: `.person` (the person's tools, tests) sees everything;
    /// `.app(_:)` goes through the privacy gate as that app. Apps do not get this initializer: they use
    /// `CNContactStore()`, which identifies the app from its `Info.plist`.
    ///
    /// ```swift
    /// let store = CNContactStore(configuration: ContactStoreConfiguration(url: url))
    /// ```
    ///
    /// - Parameter configuration: Where the store file lives, who uses it and the privacy collaborators.
    public convenience init(configuration: ContactStoreConfiguration) {
        self.init(connection: EmbeddedConnection(configuration: configuration))
    }

    /// Opens the store file at a URL as the person, creating it when missing. Our addition, for the system side.
    public convenience init(url: URL) {
        self.init(configuration: ContactStoreConfiguration(url: url))
    }
}
