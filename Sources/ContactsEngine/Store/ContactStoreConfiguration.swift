import ContactsPrivacy
import Foundation

/// Where a contact store keeps its database, and how to open it.
///
/// `CNContactStore()` opens the person's store at the default location: the file named by the
/// `CONTACTS_STORE` environment variable when it is set, otherwise `$XDG_DATA_HOME/contacts/Contacts.sqlite`
/// (`~/.local/share/contacts/Contacts.sqlite`). The directory is created with mode 0700 and the file with 0600.
/// Tools and tests open a store elsewhere with a configuration:
///
/// ```swift
/// let directory = FileManager.default.temporaryDirectory.appendingPathComponent("example")
/// let store = CNContactStore(configuration: ContactStoreConfiguration(url: directory.appendingPathComponent("Contacts.sqlite")))
/// ```
///
/// Parity: our addition; Apple's store has one fixed location.
public struct ContactStoreConfiguration: Sendable {
    /// The database file. Its directory is created when missing.
    public var url: URL

    /// Whether to open the store without ever writing to it; saves fail with `CNError.dataAccessError`.
    public var isReadOnly: Bool

    /// The largest number of database pages the file may grow to, or nil for no limit.
    ///
    /// Beyond it saves fail with `CNError.dataAccessError` as on a full disk, which is how tests exercise
    /// that path.
    package var maximumPageCount: Int?

    /// How many bytes of the file SQLite reads through a memory map (`PRAGMA mmap_size`); 0 reads with pread(2)
    /// into each connection's page cache. The map's pages count in the process's resident memory, so the daemon,
    /// which keeps stores open for good, maps less than an app does (docs/Daemon.md, "Performance").
    package var memoryMapSize = 268_435_456

    /// The locale whose collation orders sorted fetches; nil reads it from the person's settings.
    package var localeIdentifier: String?

    /// When the WAL is copied back into the store file (``WALCheckpointer``); tests make it smaller.
    package var checkpointPolicy = WALCheckpointer.Policy.standard

    /// When saves move staged index keys into the large indexes (``IndexStaging``); tests make it smaller.
    package var indexStagingPolicy = IndexStaging.Policy.standard

    /// Who uses the store: `.person` (system tools, tests), `.app(_:)`, or nil for the app this process is,
    /// identified by its `Info.plist` on first use. docs/Privacy.md, "Who is asking", explains the choice.
    public var accessor: AccessorIdentity?

    /// The privacy collaborators (consent agent, trusted agent, environment, policy); defaults read the process.
    public var privacy: ContactStorePrivacyOptions = ContactStorePrivacyOptions()

    /// Creates a configuration for the database file at a URL.
    ///
    /// - Parameters:
    ///   - url: The database file; its directory is created with mode 0700 when missing.
    ///   - isReadOnly: Whether to open the store read-only. Default false.
    ///   - accessor: Who uses the store. Default `.person`: naming a file is what the person's tools and tests
    ///     do; apps use `CNContactStore()`, which identifies the app.
    public init(url: URL, isReadOnly: Bool = false, accessor: AccessorIdentity? = .person) {
        self.url = url
        self.isReadOnly = isReadOnly
        self.accessor = accessor
    }

    /// The configuration of the person's store at the default location, used by the app this process is.
    ///
    /// Its ``accessor`` is nil: the process is identified by its `Info.plist` on first use. Tools that act as
    /// the person set `accessor = .person`.
    ///
    /// - Parameter environment: The environment to read `CONTACTS_STORE`, `XDG_DATA_HOME` and `HOME` from.
    /// - Returns: The configuration, or nil when the environment names no location at all.
    public static func `default`(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ContactStoreConfiguration? {
        defaultURL(environment: environment).map { ContactStoreConfiguration(url: $0, accessor: nil) }
    }

    /// The default database file: `CONTACTS_STORE`, else `$XDG_DATA_HOME/contacts/Contacts.sqlite`, else
    /// `$HOME/.local/share/contacts/Contacts.sqlite`.
    package static func defaultURL(environment: [String: String]) -> URL? {
        if let path = environment["CONTACTS_STORE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // The XDG specification says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("contacts/Contacts.sqlite")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/contacts/Contacts.sqlite")
    }
}
