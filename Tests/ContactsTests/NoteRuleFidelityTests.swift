import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// The notes rule compares the note the app sends with the stored one exactly: an app without the notes
/// entitlement cannot change a note, even one that differs from what it sends only after a U+0000 or only in
/// its Unicode normalization.
@Suite struct NoteRuleFidelityTests {
    /// Stored notes, and what an app that may not read notes sends back for each, thinking them equal.
    static let cases: [(stored: String, sent: String)] = [
        ("\u{0}secret", ""),
        ("a\u{0}secret", "a"),
        ("caf\u{E9}", "cafe\u{301}"),
    ]

    @Test(arguments: StoreMode.allCases, 0..<cases.count)
    func anAppWithoutTheEntitlementCannotRewriteANote(mode: StoreMode, index: Int) throws {
        let (stored, sent) = Self.cases[index]
        let fixtures = try PrivacyFixtures(mode: mode)
        let ann = ContactFixtures.person("Ann", "Lee")
        ann.note = stored
        try ContactFixtures.save([ann], in: fixtures.person)
        try fixtures.accessControls().setAccess(.full, for: PrivacyFixtures.app().bundleIdentifier)
        let app = try fixtures.store(for: PrivacyFixtures.app())
        let update = CNMutableContact(
            storage: ContactStorage(identifier: ann.identifier, fetchedKeys: ContactKeySet(.note)))
        update.note = sent
        let request = CNSaveRequest()
        request.update(update)
        #expect(PrivacyFixtures.code { try app.execute(request) } == .unauthorizedKeys)
        let kept = try fixtures.person.unifiedContact(
            withIdentifier: ann.identifier, keysToFetch: [CNContactNoteKey as CNKeyDescriptor])
        #expect(kept.note.unicodeScalars.elementsEqual(stored.unicodeScalars))
    }
}
