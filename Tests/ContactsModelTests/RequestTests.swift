import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct RequestTests {
    @Test func contactFetchRequestHasAppleDefaults() {
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        #expect(request.predicate == nil)
        #expect(!request.mutableObjects)
        #expect(request.unifyResults)
        #expect(request.sortOrder == .none)
        #expect(!request.description.contains("John"))
    }

    @Test func contactFetchRequestDescriptionNamesKeysAndPredicateKindOnly() {
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        request.predicate = CNContact.predicateForContacts(matchingName: "Appleseed")
        #expect(request.description.contains("contactsMatchingName"))
        #expect(request.description.contains(CNContactGivenNameKey))
        #expect(!request.description.contains("Appleseed"))
    }

    @Test func changeHistoryFetchRequestHasAppleDefaults() {
        let request = CNChangeHistoryFetchRequest()
        #expect(request.startingToken == nil)
        #expect(request.additionalContactKeyDescriptors == nil)
        #expect(request.shouldUnifyResults)
        #expect(!request.mutableObjects)
        #expect(!request.includeGroupChanges)
        #expect(request.excludedTransactionAuthors == nil)
    }

    @Test func saveRequestHasAppleDefaults() {
        let request = CNSaveRequest()
        #expect(request.transactionAuthor == nil)
        #expect(request.shouldRefetchContacts)
        #expect(request.operations.isEmpty)
        #expect(request.saveIdentifier != CNSaveRequest().saveIdentifier)
    }

    @Test func saveRequestQueuesOperationsInOrder() {
        let request = CNSaveRequest()
        let contact = CNMutableContact()
        let group = CNMutableGroup()
        request.add(contact, toContainerWithIdentifier: nil)
        request.add(group, toContainerWithIdentifier: "C")
        request.addMember(contact, to: group)
        request.removeMember(contact, from: group)
        request.addSubgroup(CNGroup(), to: group)
        request.removeSubgroup(CNGroup(), from: group)
        request.update(contact)
        request.update(group)
        request.delete(contact)
        request.delete(group)
        let names = request.operations.map(operationName)
        #expect(
            names == [
                "addContact", "addGroup", "addMember", "removeMember", "addSubgroup", "removeSubgroup",
                "updateContact", "updateGroup", "deleteContact", "deleteGroup",
            ])
        #expect(request.description.contains("operations=10"))
    }

    @Test func saveRequestKeepsTheObjectsItWasGiven() {
        let request = CNSaveRequest()
        let contact = CNMutableContact()
        request.add(contact, toContainerWithIdentifier: "C")
        guard case .addContact(let queued, let container) = request.operations.first else {
            Issue.record("expected an add operation")
            return
        }
        #expect(queued === contact)
        #expect(container == "C")
    }

    @Test func fetchResultCarriesValueAndToken() {
        let value = NSArray(array: [CNContact()])
        let result = CNFetchResult(value: value, currentHistoryToken: Data([7]))
        #expect(result.value === value)
        #expect(result.currentHistoryToken == Data([7]))
    }
}

/// The case name of a queued operation.
private func operationName(_ operation: SaveOperation) -> String {
    switch operation {
    case .addContact: "addContact"
    case .updateContact: "updateContact"
    case .deleteContact: "deleteContact"
    case .addGroup: "addGroup"
    case .updateGroup: "updateGroup"
    case .deleteGroup: "deleteGroup"
    case .addMember: "addMember"
    case .removeMember: "removeMember"
    case .addSubgroup: "addSubgroup"
    case .removeSubgroup: "removeSubgroup"
    }
}
