import ContactsModel
import GRDB

/// An open store as one caller may use it: the database and the ``GateAccess`` the privacy gate issued.
///
/// Every entry point of the engine that reads or writes contacts, groups, containers, links or history is a
/// method of this type, and its reads and writes go through ``read(_:)`` and ``write(_:)``, which hand the
/// access to ``StoreDatabase``. Only ``PrivacyGate/authorize(_:)`` makes one for a caller, so no path from an
/// app's call to the data skips the gate, and methods read the caller's scope (``GateAccess/visibility``,
/// ``GateAccess/saveGate``) from here, not from arguments.
package struct AuthorizedStore: Sendable {
    /// The open file.
    let database: StoreDatabase
    /// What the gate let through.
    package let access: GateAccess

    /// Pairs a store with an access; the access is the proof, and only the gate can make one.
    init(_ database: StoreDatabase, _ access: GateAccess) {
        self.database = database
        self.access = access
    }

    var configuration: ContactStoreConfiguration { database.configuration }
    var sortKey: SortKey { database.sortKey }
    var phoneMatcher: any PhoneNumberMatching { database.phoneMatcher }
    var writer: ContactWriter { database.writer }
    var compiler: PredicateCompiler { database.compiler }

    /// Runs a read transaction.
    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        try database.read(access, body)
    }

    /// Runs a body that executes a single statement, on a reader outside an explicit transaction (the statement is
    /// its own snapshot). A body of more than one statement must use ``read(_:)``.
    package func readOneStatement<T>(_ body: (Database) throws -> T) throws -> T {
        try database.readOneStatement(access, body)
    }

    /// Runs a write transaction.
    package func write<T>(_ body: (Database) throws -> T) throws -> T {
        try database.write(access, body)
    }

    /// Runs a body with the writer connection outside a transaction (it opens its own).
    package func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try database.writeWithoutTransaction(access, body)
    }
}
