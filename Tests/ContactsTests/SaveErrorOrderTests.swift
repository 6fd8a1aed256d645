import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// Which code a save reports when several rules are broken at once (docs/Store.md, "Order of save errors").
@Suite struct SaveErrorOrderTests {
    /// Ways a save can go wrong, combined in the cases below.
    enum Case: String, CaseIterable, Sendable {
        case missingContactWithANoteFromAnAppWithoutTheEntitlement
        case missingContactWithAnInvalidBirthday
        case missingMember
        case hiddenContactWithANote
        case visibleContactWithAChangedNote
        case addedContactWithANote
        case addedContactWithANoteAndAnInvalidBirthday
        case readOnlyContactWithAnInvalidBirthday
        case deniedAppUpdatingAMissingContact
        case addedContactJoiningAGroupInTheSameRequest

        var expected: CNError.Code? {
            switch self {
            case .missingContactWithANoteFromAnAppWithoutTheEntitlement, .missingContactWithAnInvalidBirthday,
                .missingMember, .hiddenContactWithANote:
                .recordDoesNotExist
            case .visibleContactWithAChangedNote, .addedContactWithANote, .addedContactWithANoteAndAnInvalidBirthday:
                .unauthorizedKeys
            case .readOnlyContactWithAnInvalidBirthday: .validationConfigurationError
            case .deniedAppUpdatingAMissingContact: .authorizationDenied
            case .addedContactJoiningAGroupInTheSameRequest: nil
            }
        }
    }

    @Test(arguments: StoreMode.allCases, Case.allCases)
    func saveReportsTheCodeOfTheRuleThatComesFirst(mode: StoreMode, _ testCase: Case) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob"])
        let bundle = PrivacyFixtures.app().bundleIdentifier
        try fixtures.accessControls().setAccess(
            testCase == .deniedAppUpdatingAMissingContact ? .denied : .limited([identifiers[0]]), for: bundle)
        let app = try fixtures.store(for: PrivacyFixtures.app())
        let request = CNSaveRequest()
        var affected: String?
        switch testCase {
        case .missingContactWithANoteFromAnAppWithoutTheEntitlement, .deniedAppUpdatingAMissingContact:
            // A new CNMutableContact holds every key, the note included (empty): the app never fetched a note.
            let contact = CNMutableContact()
            request.update(contact)
            affected = contact.identifier
        case .missingContactWithAnInvalidBirthday:
            let contact = CNMutableContact()
            contact.birthday = DateComponents(month: 13, day: 40)
            request.update(contact)
            affected = contact.identifier
        case .missingMember:
            let group = CNMutableGroup()
            group.name = "Friends"
            request.add(group, toContainerWithIdentifier: nil)
            let contact = CNMutableContact()
            request.addMember(contact, to: group)
            affected = contact.identifier
        case .hiddenContactWithANote:
            let contact = Self.partial(identifiers[1])
            contact.note = "x"
            request.update(contact)
            affected = identifiers[1]
        case .visibleContactWithAChangedNote:
            let contact = Self.partial(identifiers[0])
            contact.note = "x"
            request.update(contact)
        case .addedContactWithANote:
            let contact = ContactFixtures.person("New", "One")
            contact.note = "x"
            request.add(contact, toContainerWithIdentifier: nil)
        case .addedContactWithANoteAndAnInvalidBirthday:
            let contact = ContactFixtures.person("New", "One")
            contact.note = "x"
            contact.birthday = DateComponents(month: 13, day: 40)
            request.add(contact, toContainerWithIdentifier: nil)
        case .readOnlyContactWithAnInvalidBirthday:
            let readOnly = try fixtures.person.addContainer(name: "Work", type: .cardDAV)
            let contact = ContactFixtures.person("Cid", "Test")
            try ContactFixtures.save([contact], in: fixtures.person, container: readOnly.identifier)
            try fixtures.person.setContainer(withIdentifier: readOnly.identifier, readOnly: true)
            let update = Self.partial(contact.identifier, keys: [.birthday])
            update.birthday = DateComponents(month: 13, day: 40)
            let person = CNSaveRequest()
            person.update(update)
            #expect(PrivacyFixtures.code { try fixtures.person.execute(person) } == testCase.expected)
            return
        case .addedContactJoiningAGroupInTheSameRequest:
            let group = CNMutableGroup()
            group.name = "Friends"
            let contact = ContactFixtures.person("New", "One")
            request.add(group, toContainerWithIdentifier: nil)
            request.add(contact, toContainerWithIdentifier: nil)
            request.addMember(contact, to: group)
        }
        var thrown: CNError?
        do {
            try app.execute(request)
        } catch let error as CNError {
            thrown = error
        }
        #expect(thrown?.code == testCase.expected)
        if let affected, testCase.expected == .recordDoesNotExist {
            #expect(thrown?.affectedRecordIdentifiers == [affected], "200 names the record")
        }
    }

    @Test(arguments: StoreMode.allCases)
    func aHiddenContactAndAMissingOneGiveTheSameError(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob"])
        try fixtures.accessControls().setAccess(.limited([identifiers[0]]), for: PrivacyFixtures.app().bundleIdentifier)
        let app = try fixtures.store(for: PrivacyFixtures.app())
        func error(updating identifier: String) -> String {
            let contact = Self.partial(identifier)
            contact.note = "x"
            let request = CNSaveRequest()
            request.update(contact)
            do {
                try app.execute(request)
                return "saved"
            } catch let error as CNError {
                return
                    "\(error.code.rawValue) \((error.affectedRecordIdentifiers ?? []).map { $0 == identifier ? "it" : $0 })"
            } catch {
                return "other"
            }
        }
        #expect(error(updating: identifiers[1]) == error(updating: "Missing-\(UUID().uuidString):ABPerson"))
    }

    private static func partial(_ identifier: String, keys: [ContactProperty] = [.note]) -> CNMutableContact {
        CNMutableContact(storage: ContactStorage(identifier: identifier, fetchedKeys: ContactKeySet(keys)))
    }
}
