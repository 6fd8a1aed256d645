import ContactsModel
import GRDB

extension SaveExecution {
    /// Throws `recordDoesNotExist` (200) for the first contact a request updates, deletes or changes the
    /// memberships of that is not stored (contacts the same request adds excepted).
    ///
    /// A save's checks run in the order of what each code means (docs/Store.md, "Order of save errors"): a
    /// record that does not exist can be neither read-protected (102) nor invalid (300s), so 200 comes first;
    /// running this before the privacy rules and validation makes the code depend on the record, not on the
    /// keys the caller happened to hold.
    static func requireStoredContacts(_ plan: SavePlan, in db: Database) throws {
        var added = Set<String>()
        var named: [CNContact] = []
        for action in plan.contacts {
            switch action {
            case .add(let contact, _): added.insert(contact.identifier)
            case .update(let contact), .delete(let contact): named.append(contact)
            }
        }
        named += plan.members.map(\.contact)
        named.removeAll { added.contains($0.identifier) }
        guard !named.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: "SELECT identifier FROM contact WHERE identifier IN (SELECT value FROM json_each(?))")
        var stored = Set<String>()
        for start in stride(from: 0, to: named.count, by: 5_000) {
            let chunk = named[start..<min(start + 5_000, named.count)].map(\.identifier)
            stored.formUnion(try String.fetchAll(statement, arguments: [JSONList.encode(chunk)]))
        }
        if let absent = named.first(where: { !stored.contains($0.identifier) }) {
            throw Self.missing(absent, identifier: absent.identifier, kind: "contact")
        }
    }
}
