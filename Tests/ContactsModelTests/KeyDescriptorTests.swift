import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct KeyDescriptorTests {
    @Test func stringsAndNSStringsAreDescriptors() {
        let descriptors: [any CNKeyDescriptor] = [
            CNContactGivenNameKey as CNKeyDescriptor,
            CNContactFamilyNameKey as NSString,
            CNContactNoteKey,
        ]
        #expect(
            KeyDescriptorExpansion.keys(of: descriptors) == [
                CNContactGivenNameKey, CNContactFamilyNameKey, CNContactNoteKey,
            ])
    }

    @Test func aggregatesExpandRecursively() {
        let names = AggregateKeyDescriptor(name: "names", keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        let outer = AggregateKeyDescriptor(name: "outer", descriptors: [names, CNContactNoteKey as NSString])
        #expect(outer.keys == [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactNoteKey])
        #expect(KeyDescriptorExpansion.properties(of: [outer]) == ContactKeySet([.givenName, .familyName, .note]))
    }

    @Test func unknownKeysAreReportedSeparately() {
        let descriptors: [any CNKeyDescriptor] = [CNContactGivenNameKey, "street", "bogus"]
        #expect(KeyDescriptorExpansion.unknownKeys(of: descriptors) == ["bogus", "street"])
        #expect(KeyDescriptorExpansion.properties(of: descriptors) == ContactKeySet(.givenName))
    }

    @Test func foreignConformancesAreIgnored() {
        #expect(KeyDescriptorExpansion.keys(of: [ForeignDescriptor()]).isEmpty)
    }

    @Test func aggregateEqualityComparesExpandedKeys() {
        let first = AggregateKeyDescriptor(name: "a", keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        let second = AggregateKeyDescriptor(
            name: "b",
            descriptors: [
                CNContactFamilyNameKey as NSString, AggregateKeyDescriptor(name: "c", keys: [CNContactGivenNameKey]),
            ]
        )
        let other = AggregateKeyDescriptor(name: "a", keys: [CNContactGivenNameKey])
        #expect(LawChecks.equalityViolations(equal: [first, second], different: [other]) == [])
        #expect(LawChecks.copyViolations(of: first) == [])
    }

    @Test func aggregateDescriptionListsKeysAndName() {
        let descriptor = AggregateKeyDescriptor(name: "CNContactFormatter.fullName", keys: [CNContactGivenNameKey])
        #expect(descriptor.description.contains("CNContactFormatter.fullName"))
        #expect(descriptor.description.contains(CNContactGivenNameKey))
    }

    @Test func fetchRequestsAcceptEveryKindOfDescriptor() {
        let request = CNContactFetchRequest(keysToFetch: [
            CNContactGivenNameKey as CNKeyDescriptor,
            CNContactFamilyNameKey as NSString,
            AggregateKeyDescriptor(name: "n", keys: [CNContactNoteKey]),
        ])
        #expect(
            KeyDescriptorExpansion.properties(of: request.keysToFetch)
                == ContactKeySet([.givenName, .familyName, .note]))
        #expect(request.description.contains(CNContactNoteKey))
    }

    @Test func keySetOperationsFollowTheProperties() {
        let set = ContactKeySet([.givenName, .phoneNumbers])
        #expect(set.properties == [.givenName, .phoneNumbers])
        #expect(set.keys == [CNContactGivenNameKey, CNContactPhoneNumbersKey])
        #expect(set.contains(.givenName))
        #expect(!set.contains(.familyName))
        #expect(ContactKeySet.all.properties == ContactProperty.allCases)
    }
}

/// A conformance outside the framework, which Apple reserves for itself.
private struct ForeignDescriptor: CNKeyDescriptor {}
