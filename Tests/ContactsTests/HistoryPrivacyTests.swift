import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// Change history and linking as an app sees them through the privacy gate (docs/Privacy.md).
@Suite struct HistoryPrivacyTests {
    /// Ann, Bob and Cid in the store; the app has limited access to Ann.
    private func limited(_ mode: StoreMode) throws -> (PrivacyFixtures, CNContactStore, [String], AppIdentity) {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob", "Cid"])
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.limited([identifiers[0]]), for: app.bundleIdentifier)
        return (fixtures, try fixtures.store(for: app), identifiers, app)
    }

    @Test(arguments: StoreMode.allCases)
    func limitedAppFullSyncAddsOnlyItsVisibleContacts(mode: StoreMode) throws {
        let (fixtures, store, identifiers, _) = try limited(mode)
        defer { withExtendedLifetime(fixtures) {} }
        #expect(try store.historyLines(after: nil).lines == ["drop", "add \(identifiers[0])"])
    }

    @Test(arguments: StoreMode.allCases)
    func limitedAppNeverSeesHiddenContactsChanges(mode: StoreMode) throws {
        let (fixtures, store, identifiers, _) = try limited(mode)
        let token = try #require(store.currentHistoryToken)
        let keys = [CNContactGivenNameKey as CNKeyDescriptor]
        for identifier in identifiers.prefix(2) {
            let contact = try #require(
                fixtures.person.unifiedContact(withIdentifier: identifier, keysToFetch: keys).mutableCopy()
                    as? CNMutableContact)
            contact.givenName += "!"
            try fixtures.person.save { $0.update(contact) }
        }
        #expect(try store.historyLines(after: token).lines == ["update \(identifiers[0])"])
    }

    @Test(arguments: StoreMode.allCases)
    func grantReadsAsAnAddAndRevocationAsADelete(mode: StoreMode) throws {
        let (fixtures, store, identifiers, app) = try limited(mode)
        let token = try #require(store.currentHistoryToken)
        try fixtures.accessControls().setAccess(.limited([identifiers[1]]), for: app.bundleIdentifier)
        // Reduced access stops the open store (docs/Privacy.md, "Revocation"); the app opens it again.
        let reopened = try fixtures.store(for: app)
        #expect(
            Set(try reopened.historyLines(after: token).lines) == ["add \(identifiers[1])", "delete \(identifiers[0])"])
    }

    @Test(arguments: StoreMode.allCases)
    func accessChangeStartsOver(mode: StoreMode) throws {
        let (fixtures, store, _, app) = try limited(mode)
        let token = try #require(store.currentHistoryToken)
        try fixtures.accessControls().setAccess(.full, for: app.bundleIdentifier)
        let lines = try store.historyLines(after: token).lines
        #expect(lines.first == "drop")
        #expect(lines.count == 4)
    }

    @Test(arguments: StoreMode.allCases)
    func deniedAppHasNoTokenAndNoHistory(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        try fixtures.add(["Ann"])
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.denied, for: app.bundleIdentifier)
        let store = try fixtures.store(for: app)
        #expect(store.currentHistoryToken == nil)
        #expect(
            PrivacyFixtures.code { try store.changeHistory(for: CNChangeHistoryFetchRequest()) } == .authorizationDenied
        )
        #expect(
            PrivacyFixtures.code { try store.contacts(for: CNContactFetchRequest(keysToFetch: [])) }
                == .authorizationDenied)
    }

    @Test(arguments: StoreMode.allCases)
    func limitedAppCannotLinkOrExplainHiddenContacts(mode: StoreMode) throws {
        let (fixtures, store, identifiers, _) = try limited(mode)
        defer { withExtendedLifetime(fixtures) {} }
        #expect(PrivacyFixtures.code { try store.link([identifiers[0], identifiers[1]]) } == .recordDoesNotExist)
        #expect(
            PrivacyFixtures.code { try store.linkReason(forContactWithIdentifier: identifiers[2]) }
                == .recordDoesNotExist)
        try fixtures.person.link([identifiers[0], identifiers[1]], preferredIdentifier: identifiers[0])
        #expect(try store.linkedContactIdentifiers(ofContactWithIdentifier: identifiers[0]) == [identifiers[0]])
        let unified = try store.unifiedContact(
            withIdentifier: identifiers[0], keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        #expect(unified.givenName == "Ann")
    }
}
