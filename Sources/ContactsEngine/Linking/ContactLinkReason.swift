import Foundation

/// Why a contact card is linked to the others of its unified contact. Our addition.
///
/// Automatic links name the rule that matched and the labeled values that matched, so an app or the person
/// can see why two cards became one, and undo it with `CNContactStore.unlink(_:)` or
/// `CNContactStore.keepSeparate(_:_:)`.
///
/// ```swift
/// if let reason = try store.linkReason(forContactWithIdentifier: card.identifier) {
///     print(reason.rule, reason.matchedValueIdentifiers)
/// }
/// ```
public struct ContactLinkReason: Sendable, Hashable {
    /// The rule that linked the card.
    public enum Rule: Int, Sendable, Hashable, CaseIterable {
        /// Linked through `CNContactStore.link(_:preferredIdentifier:)`.
        case manual = 0
        /// Same folded name, and a phone number that matches exactly or by national significant number.
        case sameNameAndPhoneNumber = 1
        /// Same folded name, and an e-mail address equal without regard to case.
        case sameNameAndEmailAddress = 2
    }

    /// The rule that linked the card.
    public var rule: Rule
    /// The card this one matched, for automatic links; nil for manual links.
    public var matchedContactIdentifier: String?
    /// The identifiers of the labeled values that matched: this card's first, then the matched card's.
    public var matchedValueIdentifiers: [String]
    /// When the link was made.
    public var date: Date

    /// Creates a reason.
    public init(rule: Rule, matchedContactIdentifier: String?, matchedValueIdentifiers: [String], date: Date) {
        self.rule = rule
        self.matchedContactIdentifier = matchedContactIdentifier
        self.matchedValueIdentifiers = matchedValueIdentifiers
        self.date = date
    }
}
