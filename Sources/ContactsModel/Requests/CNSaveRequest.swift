import Foundation

/// A batch of changes to contacts and groups, saved all together or not at all by `CNContactStore.execute(_:)`.
///
/// Within one request the last operation on an object wins: an add cancels an earlier delete of the same
/// object and a delete cancels an earlier add. Create a new request for each save.
///
/// ```swift
/// let request = CNSaveRequest()
/// request.add(contact, toContainerWithIdentifier: nil)
/// try store.execute(request)
/// ```
///
/// Parity: full. Not thread-safe.
open class CNSaveRequest: NSObject, @unchecked Sendable {
    // SAFETY: not thread-safe by contract, as on Apple platforms. TODO(#3): revisit when NSObject is
    // Sendable on Linux.

    /// The queued operations, oldest first.
    package private(set) var operations: [SaveOperation] = []

    /// An identifier for this request, reported in change notifications.
    package let saveIdentifier = UUID().uuidString

    /// The author recorded with the change-history transaction, such as the app's bundle identifier, so
    /// readers can skip their own changes with `excludedTransactionAuthors`.
    open var transactionAuthor: String?

    /// Whether contacts added or updated are refreshed from the store after the save. Default true;
    /// false is faster, but those objects must not be used again.
    open var shouldRefetchContacts: Bool = true

    /// Creates an empty request.
    public override init() {
        super.init()
    }

    /// Adds a new contact to a container; nil means the default container.
    open func add(_ contact: CNMutableContact, toContainerWithIdentifier identifier: String?) {
        operations.append(.addContact(contact, containerIdentifier: identifier))
    }

    /// Updates an existing contact. Only the keys the contact was fetched with are written.
    open func update(_ contact: CNMutableContact) {
        operations.append(.updateContact(contact))
    }

    /// Deletes a contact, and its group memberships.
    open func delete(_ contact: CNMutableContact) {
        operations.append(.deleteContact(contact))
    }

    /// Adds a new group to a container; nil means the default container.
    open func add(_ group: CNMutableGroup, toContainerWithIdentifier identifier: String?) {
        operations.append(.addGroup(group, containerIdentifier: identifier))
    }

    /// Updates an existing group.
    open func update(_ group: CNMutableGroup) {
        operations.append(.updateGroup(group))
    }

    /// Deletes a group; its members are not deleted.
    open func delete(_ group: CNMutableGroup) {
        operations.append(.deleteGroup(group))
    }

    /// Adds a contact to a group in the same container.
    open func addMember(_ contact: CNContact, to group: CNGroup) {
        operations.append(.addMember(contact, group: group))
    }

    /// Removes a contact from a group; the contact is not deleted.
    open func removeMember(_ contact: CNContact, from group: CNGroup) {
        operations.append(.removeMember(contact, group: group))
    }

    /// Adds a group as a subgroup of another. On Apple platforms this exists on macOS only.
    open func addSubgroup(_ subgroup: CNGroup, to group: CNGroup) {
        operations.append(.addSubgroup(subgroup, group: group))
    }

    /// Removes a subgroup from a group. On Apple platforms this exists on macOS only.
    open func removeSubgroup(_ subgroup: CNGroup, from group: CNGroup) {
        operations.append(.removeSubgroup(subgroup, group: group))
    }

    open override var description: String {
        "<CNSaveRequest operations=\(operations.count) author=\(transactionAuthor ?? "nil")>"
    }
}
