import Foundation

/// A predicate built by the framework's factory methods, carrying a value the store can read.
///
/// Apple's predicates are opaque to apps and valid only with the store; so are these. Evaluating one in
/// memory answers false, and predicates made any other way are rejected by the store with
/// `CNError.predicateInvalid`.
package final class ContactsPredicate: NSPredicate {
    /// What the predicate selects.
    package let kind: Kind

    /// The selections the framework's factories can express.
    package enum Kind: Hashable, Sendable {
        case contactsMatchingName(String)
        case contactsWithIdentifiers([String])
        case contactsInGroup(String)
        case contactsInContainer(String)
        case contactsMatchingPhoneNumber(String)
        case contactsMatchingEmailAddress(String)
        case groupsWithIdentifiers([String])
        case groupsInContainer(String)
        case subgroupsInGroup(String)
        case containersWithIdentifiers([String])
        case containerOfContact(String)
        case containerOfGroup(String)

        /// The kind of record the predicate selects.
        package var entity: Entity {
            switch self {
            case .contactsMatchingName, .contactsWithIdentifiers, .contactsInGroup, .contactsInContainer,
                .contactsMatchingPhoneNumber, .contactsMatchingEmailAddress:
                .contact
            case .groupsWithIdentifiers, .groupsInContainer, .subgroupsInGroup:
                .group
            case .containersWithIdentifiers, .containerOfContact, .containerOfGroup:
                .container
            }
        }

        /// A name for logs and descriptions; it carries no search text.
        package var name: String {
            switch self {
            case .contactsMatchingName: "contactsMatchingName"
            case .contactsWithIdentifiers: "contactsWithIdentifiers"
            case .contactsInGroup: "contactsInGroup"
            case .contactsInContainer: "contactsInContainer"
            case .contactsMatchingPhoneNumber: "contactsMatchingPhoneNumber"
            case .contactsMatchingEmailAddress: "contactsMatchingEmailAddress"
            case .groupsWithIdentifiers: "groupsWithIdentifiers"
            case .groupsInContainer: "groupsInContainer"
            case .subgroupsInGroup: "subgroupsInGroup"
            case .containersWithIdentifiers: "containersWithIdentifiers"
            case .containerOfContact: "containerOfContact"
            case .containerOfGroup: "containerOfGroup"
            }
        }
    }

    /// The kinds of records predicates select.
    package enum Entity: Sendable {
        case contact
        case group
        case container
    }

    package init(_ kind: Kind) {
        self.kind = kind
        // A block predicate, not `NSPredicate(value: false)`: Foundation's isEqual would otherwise find
        // `NSPredicate(value: false)` equal to every framework predicate while ours says no, which breaks
        // the symmetry of equality.
        super.init(block: { _, _ in false })
    }

    package required init?(coder: NSCoder) {
        // Framework predicates are not archived; a decoded one would select nothing the store knows.
        return nil
    }

    package override var predicateFormat: String {
        // Names, numbers and addresses never appear: only the kind of selection.
        "CN predicate \(kind.name)"
    }

    package override var description: String {
        predicateFormat
    }

    package override func isEqual(_ object: Any?) -> Bool {
        (object as? ContactsPredicate)?.kind == kind
    }

    package override var hash: Int {
        kind.hashValue
    }
}
