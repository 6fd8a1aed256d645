import Foundation
import Testing

@testable import ContactsEngine

@Suite struct HistoryCoalescerTests {
    private func coalesce(_ rows: [(ChangeOperation, String, String?)]) -> [HistoryChange] {
        var coalescer = HistoryCoalescer()
        for (operation, identifier, related) in rows {
            coalescer.apply(HistoryRow(operation: operation, identifier: identifier, related: related))
        }
        return coalescer.changes
    }

    @Test(arguments: [
        ([ChangeOperation.addContact, .updateContact, .updateContact], [HistoryChange.addContact("a")]),
        ([.addContact, .updateContact, .deleteContact], []),
        ([.updateContact, .updateContact], [.updateContact("a")]),
        ([.updateContact, .deleteContact], [.deleteContact("a")]),
        ([.deleteContact, .addContact], [.updateContact("a")]),
        ([.addGroup, .updateGroup], [.addGroup("a")]),
        ([.addGroup, .deleteGroup], []),
        ([.updateGroup, .deleteGroup], [.deleteGroup("a")]),
    ])
    func recordChangesCoalescePerObject(operations: [ChangeOperation], expected: [HistoryChange]) {
        #expect(coalesce(operations.map { ($0, "a", nil) }) == expected)
    }

    @Test func membershipAddAndRemoveCancelAndAnOddCountLeavesTheFirst() {
        #expect(coalesce([(.addMember, "c", "g"), (.removeMember, "c", "g")]).isEmpty)
        #expect(coalesce([(.removeMember, "c", "g"), (.addMember, "c", "g")]).isEmpty)
        #expect(
            coalesce([(.addMember, "c", "g"), (.removeMember, "c", "g"), (.addMember, "c", "g")]) == [
                .addMember(contact: "c", group: "g")
            ])
        #expect(coalesce([(.removeSubgroup, "s", "g")]) == [.removeSubgroup("s", group: "g")])
    }

    @Test func changesComeOutInFirstChangeOrderAndACancelledObjectThatReturnsMovesToTheEnd() {
        let changes = coalesce([
            (.addContact, "a", nil), (.addContact, "b", nil), (.deleteContact, "a", nil), (.updateContact, "b", nil),
            (.addContact, "a", nil),
        ])
        #expect(changes == [.addContact("b"), .addContact("a")])
    }
}
