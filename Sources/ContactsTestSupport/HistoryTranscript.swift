import ContactsSystem
import Foundation

/// A visitor that writes each change history event as a short line, so tests compare whole histories at once
/// (and a history read over the daemon's socket with the embedded one).
public final class HistoryTranscript: NSObject, CNChangeHistoryEventVisitor {
    /// How much of each event a line says.
    public enum Detail: Sendable {
        /// Identifiers only: `add <contact>`, `add group <group>`.
        case identifiers
        /// Groups by name, and the container an added contact or group went to: `add <contact> in <container>`,
        /// `add group <name> in <container>`.
        case namesAndContainers
    }

    public private(set) var lines: [String] = []
    private let detail: Detail

    public init(_ detail: Detail = .identifiers) {
        self.detail = detail
    }

    private func group(_ group: CNGroup) -> String {
        detail == .identifiers ? group.identifier : group.name
    }

    private func container(_ identifier: String?) -> String {
        detail == .identifiers ? "" : " in \(identifier ?? "-")"
    }

    public func visit(_ event: CNChangeHistoryDropEverythingEvent) { lines.append("drop") }
    public func visit(_ event: CNChangeHistoryAddContactEvent) {
        lines.append("add \(event.contact.identifier)\(container(event.containerIdentifier))")
    }
    public func visit(_ event: CNChangeHistoryUpdateContactEvent) { lines.append("update \(event.contact.identifier)") }
    public func visit(_ event: CNChangeHistoryDeleteContactEvent) { lines.append("delete \(event.contactIdentifier)") }
    public func visit(_ event: CNChangeHistoryAddGroupEvent) {
        lines.append("add group \(group(event.group))\(container(event.containerIdentifier))")
    }
    public func visit(_ event: CNChangeHistoryUpdateGroupEvent) { lines.append("update group \(group(event.group))") }
    public func visit(_ event: CNChangeHistoryDeleteGroupEvent) {
        lines.append("delete group \(event.groupIdentifier)")
    }
    public func visitAddMember(_ event: CNChangeHistoryAddMemberToGroupEvent) {
        lines.append("add member \(event.member.identifier) to \(group(event.group))")
    }
    public func visitRemoveMember(_ event: CNChangeHistoryRemoveMemberFromGroupEvent) {
        lines.append("remove member \(event.member.identifier) from \(group(event.group))")
    }
    public func visitAddSubgroup(_ event: CNChangeHistoryAddSubgroupToGroupEvent) {
        lines.append("add subgroup \(group(event.subgroup)) to \(group(event.group))")
    }
    public func visitRemoveSubgroup(_ event: CNChangeHistoryRemoveSubgroupFromGroupEvent) {
        lines.append("remove subgroup \(group(event.subgroup)) from \(group(event.group))")
    }
}
