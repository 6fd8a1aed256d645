import ContactsModel
import Foundation

/// One card read from vCard data: the contact, plus what the contact model does not hold.
///
/// The public `CNContactVCardSerialization.contacts(with:)` keeps only ``contact``; the store import keeps
/// the rest (unknown properties for lossless export, the UID, group membership and categories).
package struct VCardCard {
    /// What a card describes, from `KIND`, `X-ADDRESSBOOKSERVER-KIND` or `X-ABShowAs`.
    package enum Kind: Hashable, Sendable {
        case individual
        case organization
        case group
        case location
        /// Any other kind, as written (lower-cased).
        case other(String)
    }

    /// The vCard version the card declared.
    package enum Version: String, Hashable, Sendable {
        case v2_1 = "2.1"
        case v3_0 = "3.0"
        case v4_0 = "4.0"
    }

    /// A new, unsaved contact holding every key.
    package var contact: CNMutableContact
    /// Properties the model has no field for, in file order.
    package var unknownProperties: [VCardUnknownProperty]
    /// The card's kind; `.organization` also sets the contact's type.
    package var kind: Kind
    /// The `UID`, with any `urn:uuid:` prefix kept as written.
    package var uid: String?
    /// For group cards: the UIDs of the members, without their `urn:uuid:` prefix.
    package var memberUIDs: [String]
    /// The `CATEGORIES` values, in order.
    package var categories: [String]
    /// For group cards: the group's name (its `FN`, else its `N`).
    package var groupName: String?
    /// The declared version; nil when the card has no `VERSION` line.
    package var version: Version?
    /// The 1-based line of the card's `BEGIN:VCARD`.
    package var lineNumber: Int

    package init(
        contact: CNMutableContact = CNMutableContact(),
        unknownProperties: [VCardUnknownProperty] = [],
        kind: Kind = .individual,
        uid: String? = nil,
        memberUIDs: [String] = [],
        categories: [String] = [],
        groupName: String? = nil,
        version: Version? = nil,
        lineNumber: Int = 0
    ) {
        self.contact = contact
        self.unknownProperties = unknownProperties
        self.kind = kind
        self.uid = uid
        self.memberUIDs = memberUIDs
        self.categories = categories
        self.groupName = groupName
        self.version = version
        self.lineNumber = lineNumber
    }

    /// Whether the card describes a group rather than a person or an organization.
    package var isGroup: Bool { kind == .group }
}
