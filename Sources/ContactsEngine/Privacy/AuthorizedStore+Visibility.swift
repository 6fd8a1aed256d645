import ContactsModel
import GRDB

extension AuthorizedStore {
    /// Whether a contact exists and the caller may see it; a hidden contact reads as missing.
    func reveals(_ identifier: String) throws -> Bool {
        guard let visibility = access.visibility else { return true }
        return try read { db in try visibility.contains(identifier, in: db) }
    }

    /// Throws `recordDoesNotExist` (200) naming the first contact the caller may not see, exactly as for a
    /// contact that does not exist.
    func requireVisible(_ identifiers: [String]) throws {
        guard access.visibility != nil else { return }
        for identifier in identifiers where try !reveals(identifier) {
            throw StoreError(
                .recordDoesNotExist, "contact \(identifier) does not exist", affectedIdentifiers: [identifier])
        }
    }

    /// The identifiers among these that the caller may see, in their order.
    func visibleIdentifiers(_ identifiers: [String]) throws -> [String] {
        guard access.visibility != nil else { return identifiers }
        return try identifiers.filter { try reveals($0) }
    }
}
