import Contacts
import ContactsTestSupport
import Foundation

/// A visitor that writes each event as a short line, so tests compare whole histories at once.
final class HistoryTranscript: NSObject, CNChangeHistoryEventVisitor {
    private(set) var lines: [String] = []

    func visit(_ event: CNChangeHistoryDropEverythingEvent) { lines.append("drop") }
    func visit(_ event: CNChangeHistoryAddContactEvent) { lines.append("add \(event.contact.identifier)") }
    func visit(_ event: CNChangeHistoryUpdateContactEvent) { lines.append("update \(event.contact.identifier)") }
    func visit(_ event: CNChangeHistoryDeleteContactEvent) { lines.append("delete \(event.contactIdentifier)") }
    func visit(_ event: CNChangeHistoryAddGroupEvent) { lines.append("add group \(event.group.identifier)") }
    func visit(_ event: CNChangeHistoryUpdateGroupEvent) { lines.append("update group \(event.group.identifier)") }
    func visit(_ event: CNChangeHistoryDeleteGroupEvent) { lines.append("delete group \(event.groupIdentifier)") }
    func visitAddMember(_ event: CNChangeHistoryAddMemberToGroupEvent) {
        lines.append("add member \(event.member.identifier) to \(event.group.identifier)")
    }
    func visitRemoveMember(_ event: CNChangeHistoryRemoveMemberFromGroupEvent) {
        lines.append("remove member \(event.member.identifier) from \(event.group.identifier)")
    }
    func visitAddSubgroup(_ event: CNChangeHistoryAddSubgroupToGroupEvent) {
        lines.append("add subgroup \(event.subgroup.identifier) to \(event.group.identifier)")
    }
    func visitRemoveSubgroup(_ event: CNChangeHistoryRemoveSubgroupFromGroupEvent) {
        lines.append("remove subgroup \(event.subgroup.identifier) from \(event.group.identifier)")
    }
}

extension CNContactStore {
    /// The history after a token as transcript lines, and the next token.
    func historyLines(
        after token: Data?, groups: Bool = false, unify: Bool = true, excluding authors: [String]? = nil
    ) throws -> (lines: [String], token: Data) {
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = token
        request.includeGroupChanges = groups
        request.shouldUnifyResults = unify
        request.excludedTransactionAuthors = authors
        let result = try changeHistory(for: request)
        let transcript = HistoryTranscript()
        for event in result.value { event.accept(transcript) }
        return (transcript.lines, result.currentHistoryToken)
    }

    /// Saves one request built by a closure.
    func save(author: String? = nil, _ build: (CNSaveRequest) -> Void) throws {
        let request = CNSaveRequest()
        request.transactionAuthor = author
        build(request)
        try execute(request)
    }
}
