import Foundation

/// A contact was removed from a group.
///
/// Parity: full.
open class CNChangeHistoryRemoveMemberFromGroupEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// The member, holding the identifier and the request's additional keys.
    public let member: CNContact

    /// The event's group.
    public let group: CNGroup

    /// Creates the event; the store creates them.
    package init(member: CNContact, group: CNGroup) {
        self.member = member
        self.group = group
        super.init()
    }

    package override var comparableValues: [Any?] { [member, group] }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visitRemoveMember(self)
    }

    open override func encode(with coder: NSCoder) {
        coder.encode(member, forKey: "member")
        coder.encode(group, forKey: "group")
    }

    public required init?(coder: NSCoder) {
        guard let member = coder.decodeObject(of: CNContact.self, forKey: "member") else { return nil }
        self.member = member
        guard let group = coder.decodeObject(of: CNGroup.self, forKey: "group") else { return nil }
        self.group = group
        super.init()
    }
}
