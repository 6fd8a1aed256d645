import ContactsSystem
import Foundation

/// A contact store in a fresh temporary directory, removed when the value is released.
///
/// Each test makes its own, so tests never touch the person's store and can run in parallel. In daemon mode
/// (``StoreMode``), the store is an app's store over the socket of a contactsd of its own (``TestDaemon``), to
/// which the person gave full access, with the notes entitlement: the same rights the person's own store has.
///
/// ```swift
/// let temporary = try TemporaryStore(mode: mode)
/// try temporary.store.execute(request)
/// ```
public final class TemporaryStore: Sendable {
    /// Where the store under test lives.
    public let mode: StoreMode
    /// The directory holding the store file (daemon mode: the daemon's state and registry).
    public let directory: URL
    /// The store file.
    public let url: URL
    /// The store under test: the person's store on the file (embedded), or an app's store over the socket (daemon;
    /// the person's store when made with `opensAppStore: false`).
    public let store: CNContactStore
    /// The person's store on the file, as the person's own tools open it: ``store`` itself when embedded.
    public let person: CNContactStore
    /// The daemon that serves ``store`` in daemon mode.
    package let daemon: TestDaemon?
    private let localeIdentifier: String

    /// Creates a unique directory and opens a store in it.
    ///
    /// - Parameters:
    ///   - mode: Embedded (the default), or over a daemon's socket.
    ///   - localeIdentifier: The locale whose collation orders sorted fetches; default "en_US".
    public convenience init(mode: StoreMode = .embedded, localeIdentifier: String = "en_US") throws {
        try self.init(mode: mode, localeIdentifier: localeIdentifier, opensAppStore: true)
    }

    /// - Parameter opensAppStore: In daemon mode, whether ``store`` is the test app's store (registered, granted
    ///   full access and connected); without, ``store`` is the person's, for fixtures that open stores of other
    ///   apps and want no app known to the person beforehand.
    package init(mode: StoreMode, localeIdentifier: String = "en_US", opensAppStore: Bool) throws {
        self.mode = mode
        self.localeIdentifier = localeIdentifier
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        switch mode {
        case .embedded:
            url = directory.appendingPathComponent("Contacts.sqlite")
            daemon = nil
            store = CNContactStore(
                configuration: Self.configuration(url: url, localeIdentifier: localeIdentifier, isReadOnly: false))
            person = store
        case .daemon:
            let daemon = try TestDaemon(directory: directory, localeIdentifier: localeIdentifier)
            url = daemon.storeURL
            self.daemon = daemon
            person = CNContactStore(
                configuration: Self.configuration(url: url, localeIdentifier: localeIdentifier, isReadOnly: false))
            if opensAppStore {
                try person.accessControls().setAccess(.full, for: TestDaemon.app.bundleIdentifier)
                store = try daemon.appStore(for: TestDaemon.app)
            } else {
                store = person
            }
        }
    }

    /// The engine's store on the same file with the person's access, issued by the privacy gate like every other
    /// access, for tests that check rows the public API does not show.
    package func personStore(localeIdentifier: String = "en_US") throws -> AuthorizedStore {
        try EmbeddedConnection(configuration: configuration(localeIdentifier: localeIdentifier)).authorized()
    }

    /// A configuration for the same file, to open a second store on it as the person.
    public func configuration(localeIdentifier: String = "en_US", isReadOnly: Bool = false) -> ContactStoreConfiguration
    {
        Self.configuration(url: url, localeIdentifier: localeIdentifier, isReadOnly: isReadOnly)
    }

    private static func configuration(url: URL, localeIdentifier: String, isReadOnly: Bool) -> ContactStoreConfiguration
    {
        var configuration = ContactStoreConfiguration(url: url, isReadOnly: isReadOnly)
        configuration.localeIdentifier = localeIdentifier
        return configuration
    }

    /// Another store like ``store``: on the same file (embedded), or another connection of the same app.
    public func reopen() throws -> CNContactStore {
        guard let daemon else {
            return CNContactStore(configuration: configuration(localeIdentifier: localeIdentifier))
        }
        return try daemon.appStore(for: TestDaemon.app)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
