import ContactsModel
import Synchronization

/// A ``PrivacyRepository`` in memory, for tests and for tools that do not persist decisions.
///
/// ```swift
/// let repository = InMemoryPrivacyRepository()
/// try repository.change("com.example.app") { $0.status = .authorized }
/// ```
///
/// Parity: our addition.
public final class InMemoryPrivacyRepository: PrivacyRepository {
    private let storage: Mutex<[String: AuthorizationRecord]>

    /// Creates a repository holding the given records.
    ///
    /// - Parameter records: Initial records, keyed by their bundle identifiers.
    public init(_ records: [AuthorizationRecord] = []) {
        storage = Mutex(Dictionary(records.map { ($0.bundleIdentifier, $0) }, uniquingKeysWith: { _, last in last }))
    }

    public func record(for bundleIdentifier: String) throws(CNError) -> AuthorizationRecord? {
        storage.withLock { $0[bundleIdentifier] }
    }

    public func records() throws(CNError) -> [AuthorizationRecord] {
        storage.withLock { $0.values.sorted { $0.bundleIdentifier < $1.bundleIdentifier } }
    }

    @discardableResult
    public func update(
        _ bundleIdentifier: String,
        _ body: (inout AuthorizationRecord) -> Void
    ) throws(CNError) -> AuthorizationRecord {
        storage.withLock { records in
            var record = records[bundleIdentifier] ?? AuthorizationRecord(bundleIdentifier: bundleIdentifier)
            body(&record)
            records[bundleIdentifier] = record
            return record
        }
    }
}
