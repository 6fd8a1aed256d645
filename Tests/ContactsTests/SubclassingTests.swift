import Contacts
import Foundation
import Testing

/// Test doubles written for Apple platforms subclass the framework's classes and override their members;
/// they compile and are called here too (docs/APIParity.md, "Subclassing").
@Suite struct SubclassingTests {
    /// A store double as real projects write one: no database, canned answers.
    final class StubStore: CNContactStore, @unchecked Sendable {
        // SAFETY: the stub's state is written once in tests that use it from one task.
        // TODO(#16): none; test double only.
        nonisolated(unsafe) static var status: CNAuthorizationStatus = .limited
        var saved: [CNSaveRequest] = []
        let contact: CNContact = {
            let contact = CNMutableContact()
            contact.givenName = "Stub"
            return contact
        }()

        override class func authorizationStatus(for entityType: CNEntityType) -> CNAuthorizationStatus { status }

        override func requestAccess(
            for entityType: CNEntityType, completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
        ) {
            completionHandler(true, nil)
        }

        override func requestAccess(for entityType: CNEntityType) async throws -> Bool { true }

        override func unifiedContacts(matching predicate: NSPredicate, keysToFetch keys: [any CNKeyDescriptor]) throws
            -> [CNContact]
        { [contact] }

        override func unifiedContact(withIdentifier identifier: String, keysToFetch keys: [any CNKeyDescriptor]) throws
            -> CNContact
        { contact }

        override func unifiedMeContactWithKeys(toFetch keys: [any CNKeyDescriptor]) throws -> CNContact { contact }

        override func enumerateContacts(
            with fetchRequest: CNContactFetchRequest,
            usingBlock block: (CNContact, UnsafeMutablePointer<ObjCBool>) -> Void
        ) throws {
            var stop = ObjCBool(false)
            block(contact, &stop)
        }

        override func groups(matching predicate: NSPredicate?) throws -> [CNGroup] { [] }
        override func containers(matching predicate: NSPredicate?) throws -> [CNContainer] { [] }
        override func defaultContainerIdentifier() -> String { "stub" }
        override func execute(_ saveRequest: CNSaveRequest) throws { saved.append(saveRequest) }
        override var currentHistoryToken: Data? { Data([1]) }
    }

    @Test func storeDoublesOverrideAuthorizationAndDataCalls() async throws {
        let store: CNContactStore = StubStore()
        #expect(type(of: store).authorizationStatus(for: .contacts) == .limited)
        #expect(try await store.requestAccess(for: .contacts))
        let granted = await withCheckedContinuation { continuation in
            store.requestAccess(for: .contacts) { granted, _ in continuation.resume(returning: granted) }
        }
        #expect(granted)
        let keys = [CNContactGivenNameKey as CNKeyDescriptor]
        #expect(
            try store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: "x"), keysToFetch: keys)
                .map(\.givenName) == ["Stub"])
        #expect(try store.unifiedContact(withIdentifier: "x", keysToFetch: keys).givenName == "Stub")
        #expect(try store.unifiedMeContactWithKeys(toFetch: keys).givenName == "Stub")
        var names: [String] = []
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: keys)) { contact, _ in
            names.append(contact.givenName)
        }
        #expect(names == ["Stub"])
        #expect(try store.groups(matching: nil).isEmpty)
        #expect(try store.containers(matching: nil).isEmpty)
        #expect(store.defaultContainerIdentifier() == "stub")
        #expect(store.currentHistoryToken == Data([1]))
        try store.execute(CNSaveRequest())
        #expect((store as? StubStore)?.saved.count == 1)
    }

    final class RecordingSaveRequest: CNSaveRequest, @unchecked Sendable {
        // SAFETY: used from one task in the test. TODO(#16): none; test double only.
        var added: [String] = []
        override func add(_ contact: CNMutableContact, toContainerWithIdentifier identifier: String?) {
            added.append(contact.givenName)
            super.add(contact, toContainerWithIdentifier: identifier)
        }
    }

    final class FixedFetchRequest: CNContactFetchRequest, @unchecked Sendable {
        // SAFETY: immutable override. TODO(#16): none; test double only.
        override var unifyResults: Bool {
            get { false }
            set {}
        }
    }

    @Test func requestsOverrideTheirMembers() {
        let contact = CNMutableContact()
        contact.givenName = "Ann"
        let request: CNSaveRequest = RecordingSaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        #expect((request as? RecordingSaveRequest)?.added == ["Ann"])
        let fetch: CNContactFetchRequest = FixedFetchRequest(keysToFetch: [])
        fetch.unifyResults = true
        #expect(!fetch.unifyResults)
    }

    final class ShoutingFormatter: CNContactFormatter, @unchecked Sendable {
        // SAFETY: no state of its own. TODO(#16): none; test double only.
        override func string(from contact: CNContact) -> String? { super.string(from: contact)?.uppercased() }
        override class func descriptorForRequiredKeys(for style: CNContactFormatterStyle) -> any CNKeyDescriptor {
            CNContactGivenNameKey as NSString
        }
    }

    final class OneLineAddressFormatter: CNPostalAddressFormatter, @unchecked Sendable {
        // SAFETY: no state of its own. TODO(#16): none; test double only.
        override func string(from postalAddress: CNPostalAddress) -> String {
            super.string(from: postalAddress).replacingOccurrences(of: "\n", with: ", ")
        }
    }

    final class FixedSerialization: CNContactVCardSerialization {
        override class func data(with contacts: [CNContact]) throws -> Data { Data("fixed".utf8) }
    }

    @Test func formattersAndSerializationOverrideTheirMembers() throws {
        let contact = CNMutableContact()
        contact.givenName = "Ann"
        contact.familyName = "Lee"
        let formatter: CNContactFormatter = ShoutingFormatter()
        #expect(formatter.string(from: contact) == "ANN LEE")
        let formatterType: CNContactFormatter.Type = ShoutingFormatter.self
        #expect(
            (formatterType.descriptorForRequiredKeys(for: .fullName) as? NSString) == CNContactGivenNameKey as NSString)
        let address = CNMutablePostalAddress()
        address.street = "1 Main St"
        address.city = "Springfield"
        let addressFormatter: CNPostalAddressFormatter = OneLineAddressFormatter()
        #expect(!addressFormatter.string(from: address).contains("\n"))
        let serialization: CNContactVCardSerialization.Type = FixedSerialization.self
        #expect(try serialization.data(with: [contact]) == Data("fixed".utf8))
    }
}
