import ContactsModel
import ContactsProtocol
import ContactsTestSupport
import Foundation
import Testing

@Suite struct WireSaveTests {
    /// The kinds of save operation, so tests can take them as arguments.
    enum Kind: CaseIterable, Sendable {
        case addContact, addContactToContainer, updateContact, deleteContact
        case addGroup, addGroupToContainer, updateGroup, deleteGroup
        case addMember, removeMember, addSubgroup, removeSubgroup
    }

    static func contact() -> CNMutableContact {
        let contact = ModelSamples.fullContact()
        contact.storage.linkedIdentifiers = [contact.identifier, "L:ABPerson"]
        return contact
    }

    static func group(_ name: String) -> CNMutableGroup {
        let group = CNMutableGroup()
        group.name = name
        return group
    }

    static func operation(_ kind: Kind) -> SaveOperation {
        switch kind {
        case .addContact: .addContact(contact(), containerIdentifier: nil)
        case .addContactToContainer: .addContact(contact(), containerIdentifier: "C:ABAccount")
        case .updateContact: .updateContact(contact())
        case .deleteContact: .deleteContact(contact())
        case .addGroup: .addGroup(group("Family"), containerIdentifier: nil)
        case .addGroupToContainer: .addGroup(group("Family"), containerIdentifier: "")
        case .updateGroup: .updateGroup(group("Friends"))
        case .deleteGroup: .deleteGroup(group("Old"))
        case .addMember: .addMember(CNContact(storage: contact().storage), group: group("Family"))
        case .removeMember: .removeMember(contact(), group: group("Family"))
        case .addSubgroup: .addSubgroup(group("Cousins"), group: group("Family"))
        case .removeSubgroup: .removeSubgroup(group("Cousins"), group: group("Family"))
        }
    }

    /// What the engine reads of an operation: its kind, the identifiers, names and container, and for added
    /// and updated contacts every field, compared separately.
    static func summary(_ operation: SaveOperation) -> [String] {
        switch operation {
        case .addContact(let contact, let container): ["addContact", contact.identifier, container ?? "<nil>"]
        case .updateContact(let contact): ["updateContact", contact.identifier]
        case .deleteContact(let contact): ["deleteContact", contact.identifier]
        case .addGroup(let group, let container): ["addGroup", group.identifier, group.name, container ?? "<nil>"]
        case .updateGroup(let group): ["updateGroup", group.identifier, group.name]
        case .deleteGroup(let group): ["deleteGroup", group.identifier, group.name]
        case .addMember(let contact, let group): ["addMember", contact.identifier, group.identifier, group.name]
        case .removeMember(let contact, let group): ["removeMember", contact.identifier, group.identifier, group.name]
        case .addSubgroup(let subgroup, let group):
            ["addSubgroup", subgroup.identifier, subgroup.name, group.identifier, group.name]
        case .removeSubgroup(let subgroup, let group):
            ["removeSubgroup", subgroup.identifier, subgroup.name, group.identifier, group.name]
        }
    }

    static func roundTrip(_ operations: [SaveOperation]) throws -> [SaveOperation] {
        var request = Contacts_V1_SaveRequest()
        request.operations = WireSave.message(operations)
        return try WireSave.operations(WireRoundTrip.binary(request).operations)
    }

    @Test(arguments: Kind.allCases)
    func everyOperationKindSurvivesTheWire(_ kind: Kind) throws {
        let operation = Self.operation(kind)
        let copies = try Self.roundTrip([operation])
        #expect(copies.map(Self.summary) == [Self.summary(operation)])
    }

    @Test(arguments: [Kind.addContact, .addContactToContainer, .updateContact])
    func addedAndUpdatedContactsCarryTheirStorage(_ kind: Kind) throws {
        let operation = Self.operation(kind)
        let copy = try #require(try Self.roundTrip([operation]).first)
        switch (operation, copy) {
        case (.addContact(let sent, _), .addContact(let received, _)),
            (.updateContact(let sent), .updateContact(let received)):
            #expect(received.storage.hasSameValues(as: sent.storage))
            #expect(ContactComparison.differences(sent, received) == [])
            #expect(received.storage.linkedIdentifiers == sent.storage.linkedIdentifiers)
        default:
            Issue.record("the operation changed kind")
        }
    }

    @Test(arguments: [Kind.deleteContact, .addMember, .removeMember])
    func deletedContactsAndMembersCrossAsTheirIdentifierAlone(_ kind: Kind) throws {
        let message = try #require(WireSave.message([Self.operation(kind)]).first)
        let copy = try #require(try WireSave.operations([message]).first)
        let contact: CNContact
        switch copy {
        case .deleteContact(let deleted): contact = deleted
        case .addMember(let member, _), .removeMember(let member, _): contact = member
        default:
            Issue.record("the operation changed kind")
            return
        }
        #expect(contact.storage.fetchedKeys == .identifierOnly)
        #expect(contact.storage.givenName == "")
        if case .deleteContact(let contact) = message.kind {
            #expect(contact.keys == [CNContactIdentifierKey])
            #expect(contact.givenName == "")
            #expect(contact.phoneNumbers.isEmpty)
        }
    }

    @Test func aDateTheStoreRejectsStillFailsValidationAfterCrossing() throws {
        // The store's validation runs in the daemon: components a contact date may not hold must reach it.
        let contact = CNMutableContact()
        var birthday = DateComponents(year: 1990, month: 2, day: 3)
        birthday.hour = 4
        birthday.timeZone = TimeZone(identifier: "Europe/Paris")
        contact.birthday = birthday
        let copy = try #require(try Self.roundTrip([.addContact(contact, containerIdentifier: nil)]).first)
        guard case .addContact(let received, _) = copy else {
            Issue.record("the operation changed kind")
            return
        }
        let error = ContactValidator.validate(received)
        #expect(error?.code == .validationConfigurationError)
        #expect(error?.keyPaths == ContactValidator.validate(contact)?.keyPaths)
        #expect(error?.keyPaths?.contains("birthday.hour") == true)
        #expect(error?.keyPaths?.contains("birthday.timeZone") == true)
    }

    @Test func operationsKeepTheirOrder() throws {
        let operations = Kind.allCases.map(Self.operation)
        #expect(try Self.roundTrip(operations).map(Self.summary) == operations.map(Self.summary))
    }

    static let incomplete: [Contacts_V1_SaveOperation.OneOf_Kind?] = [
        nil,
        .addContact(Contacts_V1_ContactInContainer()),
        .addGroup(Contacts_V1_GroupInContainer()),
        .addMember(Contacts_V1_Membership()),
        .removeMember(Contacts_V1_Membership()),
        .addSubgroup(Contacts_V1_Subgroup()),
        .removeSubgroup(
            {
                var nesting = Contacts_V1_Subgroup()
                nesting.group.name = "Family"
                return nesting
            }()),
    ]

    @Test(arguments: incomplete)
    func anOperationMissingAPartIsMalformed(_ kind: Contacts_V1_SaveOperation.OneOf_Kind?) {
        var message = Contacts_V1_SaveOperation()
        message.kind = kind
        let error = #expect(throws: WireError.self) { try WireSave.operations([message]) }
        #expect(error?.code == .malformedMessage)
    }

    @Test func aContactWithAnUnknownKeyFailsTheWholeSave() {
        var contact = Contacts_V1_Contact()
        contact.keys = ["favouriteColour"]
        var message = Contacts_V1_SaveOperation()
        message.updateContact = contact
        let error = #expect(throws: WireError.self) { try WireSave.operations([message]) }
        #expect(error?.code == .unknownKey)
    }
}
