import Contacts
import ContactsEngine
import ContactsModel
import Foundation

// Our additions: containers besides the local one, for accounts (CardDAV, Exchange) and their rules.
extension CNContactStore {
    /// Creates a container for an account. Our addition.
    ///
    /// Every store has exactly one local container, the default. Further containers model accounts:
    /// CardDAV containers have groups but no subgroups; Exchange containers have no groups (adding one
    /// throws `CNError.policyViolation`). A read-only container refuses new records with
    /// `CNError.parentContainerNotWritable` (207) and changes to its records with `recordNotWritable` (206).
    ///
    /// ```swift
    /// let work = try store.addContainer(name: "Work", type: .cardDAV)
    /// request.add(contact, toContainerWithIdentifier: work.identifier)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The account's name.
    ///   - type: `.cardDAV` or `.exchange`.
    ///   - isReadOnly: Whether apps may change its contents. Default false.
    /// - Returns: The new container.
    /// - Throws: `CNError.policyViolation` (500) for `.local` or `.unassigned`; `dataAccessError` (2).
    public func addContainer(name: String, type: CNContainerType, isReadOnly: Bool = false) throws -> CNContainer {
        try connection.addContainer(name: name, type: type, isReadOnly: isReadOnly).container
    }

    /// Marks a container read-only or writable. Our addition, for accounts that sync one way.
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) for an unknown container.
    public func setContainer(withIdentifier identifier: String, readOnly isReadOnly: Bool) throws {
        try connection.setContainer(identifier, isReadOnly: isReadOnly)
    }
}
