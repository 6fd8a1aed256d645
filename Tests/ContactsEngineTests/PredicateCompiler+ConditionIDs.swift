import GRDB

@testable import ContactsEngine

extension PredicateCompiler.Condition {
    /// The row ids of the contacts a condition selects, in row-id order.
    func ids(in db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT id FROM contact WHERE \(sql) ORDER BY id", arguments: arguments)
    }
}
