import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct PredicateTests {
    /// Each factory with the selection the store reads and the kind of record it selects.
    enum Factory: String, CaseIterable, Sendable {
        case matchingName, withIdentifiers, inGroup, inContainer, matchingPhoneNumber, matchingEmailAddress
        case groupsWithIdentifiers, groupsInContainer, subgroupsInGroup
        case containersWithIdentifiers, containerOfContact, containerOfGroup

        var predicate: NSPredicate {
            switch self {
            case .matchingName: CNContact.predicateForContacts(matchingName: "jo app")
            case .withIdentifiers: CNContact.predicateForContacts(withIdentifiers: ["A", "B"])
            case .inGroup: CNContact.predicateForContactsInGroup(withIdentifier: "G")
            case .inContainer: CNContact.predicateForContactsInContainer(withIdentifier: "C")
            case .matchingPhoneNumber:
                CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: "+1 408 555 0126"))
            case .matchingEmailAddress: CNContact.predicateForContacts(matchingEmailAddress: "John@Example.com")
            case .groupsWithIdentifiers: CNGroup.predicateForGroups(withIdentifiers: ["G"])
            case .groupsInContainer: CNGroup.predicateForGroupsInContainer(withIdentifier: "C")
            case .subgroupsInGroup: CNGroup.predicateForSubgroupsInGroup(withIdentifier: "G")
            case .containersWithIdentifiers: CNContainer.predicateForContainers(withIdentifiers: ["C"])
            case .containerOfContact: CNContainer.predicateForContainerOfContact(withIdentifier: "A")
            case .containerOfGroup: CNContainer.predicateForContainerOfGroup(withIdentifier: "G")
            }
        }

        var expected: ContactsPredicate.Kind {
            switch self {
            case .matchingName: .contactsMatchingName("jo app")
            case .withIdentifiers: .contactsWithIdentifiers(["A", "B"])
            case .inGroup: .contactsInGroup("G")
            case .inContainer: .contactsInContainer("C")
            case .matchingPhoneNumber: .contactsMatchingPhoneNumber("+1 408 555 0126")
            case .matchingEmailAddress: .contactsMatchingEmailAddress("John@Example.com")
            case .groupsWithIdentifiers: .groupsWithIdentifiers(["G"])
            case .groupsInContainer: .groupsInContainer("C")
            case .subgroupsInGroup: .subgroupsInGroup("G")
            case .containersWithIdentifiers: .containersWithIdentifiers(["C"])
            case .containerOfContact: .containerOfContact("A")
            case .containerOfGroup: .containerOfGroup("G")
            }
        }

        var entity: ContactsPredicate.Entity {
            switch self {
            case .matchingName, .withIdentifiers, .inGroup, .inContainer, .matchingPhoneNumber, .matchingEmailAddress:
                .contact
            case .groupsWithIdentifiers, .groupsInContainer, .subgroupsInGroup: .group
            case .containersWithIdentifiers, .containerOfContact, .containerOfGroup: .container
            }
        }
    }

    @Test(arguments: Factory.allCases)
    func factoryCarriesTheSelectionForTheStore(factory: Factory) throws {
        let predicate = try #require(factory.predicate as? ContactsPredicate)
        #expect(predicate.kind == factory.expected)
        #expect(predicate.kind.entity == factory.entity)
    }

    @Test(arguments: Factory.allCases)
    func descriptionNamesTheKindButNoSearchText(factory: Factory) {
        let text = factory.predicate.description
        #expect(text.contains(factory.expected.name))
        #expect(!text.contains("jo app"))
        #expect(!text.contains("408"))
        #expect(!text.contains("Example"))
    }

    @Test(arguments: Factory.allCases)
    func predicatesSelectNothingOutsideTheStore(factory: Factory) {
        #expect(!factory.predicate.evaluate(with: ModelSamples.fullContact()))
    }

    @Test func equalPredicatesHaveEqualHashes() {
        let first = CNContact.predicateForContacts(withIdentifiers: ["A"])
        let second = CNContact.predicateForContacts(withIdentifiers: ["A"])
        let other = CNContact.predicateForContacts(withIdentifiers: ["B"])
        #expect(
            LawChecks.equalityViolations(equal: [first, second], different: [other, NSPredicate(value: false)]) == [])
    }
}
