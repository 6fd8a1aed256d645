import Foundation

/// A group was added to a group.
///
/// Parity: full.
open class CNChangeHistoryAddSubgroupToGroupEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// The event's subgroup.
    public let subgroup: CNGroup

    /// The event's group.
    public let group: CNGroup

    /// Creates the event; the store creates them.
    package init(subgroup: CNGroup, group: CNGroup) {
        self.subgroup = subgroup
        self.group = group
        super.init()
    }

    package override var comparableValues: [Any?] { [subgroup, group] }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visitAddSubgroup(self)
    }

    open override func encode(with coder: NSCoder) {
        coder.encode(subgroup, forKey: "subgroup")
        coder.encode(group, forKey: "group")
    }

    public required init?(coder: NSCoder) {
        guard let subgroup = coder.decodeObject(of: CNGroup.self, forKey: "subgroup") else { return nil }
        self.subgroup = subgroup
        guard let group = coder.decodeObject(of: CNGroup.self, forKey: "group") else { return nil }
        self.group = group
        super.init()
    }
}
