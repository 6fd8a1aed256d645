import Foundation

/// Receives change-history events through `CNChangeHistoryEvent.accept(_:)`.
///
/// The four contact methods are required. The group, membership and subgroup methods are optional, as on
/// Apple platforms: a visitor that does not implement one skips those events.
///
/// Parity: full. Swift on Linux has no `@objc optional`; the optional methods have empty default
/// implementations instead.
public protocol CNChangeHistoryEventVisitor: AnyObject {
    /// Discard every cached contact and group; add events follow.
    func visit(_ event: CNChangeHistoryDropEverythingEvent)
    /// A contact was added.
    func visit(_ event: CNChangeHistoryAddContactEvent)
    /// A contact was updated.
    func visit(_ event: CNChangeHistoryUpdateContactEvent)
    /// A contact was deleted.
    func visit(_ event: CNChangeHistoryDeleteContactEvent)
    /// A group was added.
    func visit(_ event: CNChangeHistoryAddGroupEvent)
    /// A group was updated.
    func visit(_ event: CNChangeHistoryUpdateGroupEvent)
    /// A group was deleted.
    func visit(_ event: CNChangeHistoryDeleteGroupEvent)
    /// A contact was added to a group.
    func visitAddMember(_ event: CNChangeHistoryAddMemberToGroupEvent)
    /// A contact was removed from a group.
    func visitRemoveMember(_ event: CNChangeHistoryRemoveMemberFromGroupEvent)
    /// A group was added to a group.
    func visitAddSubgroup(_ event: CNChangeHistoryAddSubgroupToGroupEvent)
    /// A group was removed from a group.
    func visitRemoveSubgroup(_ event: CNChangeHistoryRemoveSubgroupFromGroupEvent)
}

extension CNChangeHistoryEventVisitor {
    public func visit(_ event: CNChangeHistoryAddGroupEvent) {}
    public func visit(_ event: CNChangeHistoryUpdateGroupEvent) {}
    public func visit(_ event: CNChangeHistoryDeleteGroupEvent) {}
    public func visitAddMember(_ event: CNChangeHistoryAddMemberToGroupEvent) {}
    public func visitRemoveMember(_ event: CNChangeHistoryRemoveMemberFromGroupEvent) {}
    public func visitAddSubgroup(_ event: CNChangeHistoryAddSubgroupToGroupEvent) {}
    public func visitRemoveSubgroup(_ event: CNChangeHistoryRemoveSubgroupFromGroupEvent) {}
}
