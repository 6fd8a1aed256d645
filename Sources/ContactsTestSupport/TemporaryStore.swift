import ContactsSystem
import Foundation

/// A contact store in a fresh temporary directory, removed when the value is released.
///
/// Each test makes its own, so tests never touch the person's store and can run in parallel.
///
/// ```swift
/// let temporary = try TemporaryStore()
/// try temporary.store.execute(request)
/// ```
public final class TemporaryStore: Sendable {
    /// The directory holding the store file.
    public let directory: URL
    /// The store file.
    public let url: URL
    /// A store opened on the file.
    public let store: CNContactStore

    /// Creates a unique directory and opens a store in it.
    ///
    /// - Parameter localeIdentifier: The locale whose collation orders sorted fetches; default "en_US".
    public init(localeIdentifier: String = "en_US") throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("Contacts.sqlite")
        self.url = url
        store = CNContactStore(configuration: Self.configuration(url: url, localeIdentifier: localeIdentifier, isReadOnly: false))
    }

    /// The engine's store on the same file with the person's access, issued by the privacy gate like every other
    /// access, for tests that check rows the public API does not show.
    package func personStore(localeIdentifier: String = "en_US") throws -> AuthorizedStore {
        try EmbeddedConnection(configuration: configuration(localeIdentifier: localeIdentifier)).authorized()
    }

    /// A configuration for the same file, to open a second store on it.
    public func configuration(localeIdentifier: String = "en_US", isReadOnly: Bool = false) -> ContactStoreConfiguration {
        Self.configuration(url: url, localeIdentifier: localeIdentifier, isReadOnly: isReadOnly)
    }

    private static func configuration(url: URL, localeIdentifier: String, isReadOnly: Bool) -> ContactStoreConfiguration {
        var configuration = ContactStoreConfiguration(url: url, isReadOnly: isReadOnly)
        configuration.localeIdentifier = localeIdentifier
        return configuration
    }

    /// Another store on the same file.
    public func reopen(isReadOnly: Bool = false) -> CNContactStore {
        CNContactStore(configuration: configuration(isReadOnly: isReadOnly))
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
