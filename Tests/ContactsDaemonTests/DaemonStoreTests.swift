import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// An app's store over contactsd behaves as the embedded store does: the same statuses, errors and rules.
@Suite struct DaemonStoreTests {
    private let names = [CNContactGivenNameKey as CNKeyDescriptor]

    private func givenNames(_ store: CNContactStore, sorted: Bool = true) throws -> [String] {
        var result: [String] = []
        let request = CNContactFetchRequest(keysToFetch: names)
        try store.enumerateContacts(with: request) { contact, _ in result.append(contact.givenName) }
        return sorted ? result.sorted() : result
    }

    @Test func anUnregisteredExecutableGetsNoDataAndTheFix() throws {
        let fixture = try DaemonFixture(registered: false)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        let app = fixture.appStore()
        do {
            _ = try givenNames(app)
            Issue.record("an unregistered executable read contacts")
        } catch let error as CNError {
            #expect(error.code == .authorizationDenied)
            #expect(
                String(describing: error.userInfo[NSDebugDescriptionErrorKey] ?? "").contains("contacts apps register"))
        }
    }

    @Test func aRegisteredAppWithoutAPurposeStringIsRefusedAndTheDaemonServesOn() throws {
        let fixture = try DaemonFixture(registered: false)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        try fixture.setAccess(.full)
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        try AppRegistry.register(
            executable: executable, bundleIdentifier: DaemonFixture.bundleIdentifier, usageDescription: nil,
            in: fixture.daemon.configuration.registryDirectory)
        // Embedded, an app without NSContactsUsageDescription is stopped; in the daemon that would stop the daemon.
        do {
            _ = try givenNames(fixture.appStore())
            Issue.record("an app without a purpose string read contacts")
        } catch let error as CNError {
            #expect(error.code == .authorizationDenied)
            #expect(String(describing: error.userInfo[NSDebugDescriptionErrorKey] ?? "").contains("--usage TEXT"))
        }
        try AppRegistry.register(
            executable: executable, bundleIdentifier: DaemonFixture.bundleIdentifier, usageDescription: "Tests.",
            in: fixture.daemon.configuration.registryDirectory)
        #expect(try givenNames(fixture.appStore()) == ["Ann"], "the daemon is still serving")
    }

    @Test func aRegisteredExecutableWhoseBytesChangedGetsNoData() throws {
        let fixture = try DaemonFixture(digest: String(repeating: "0", count: 64))
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        try fixture.setAccess(.full)
        #expect(ErrorCode.of { try givenNames(fixture.appStore()) } == .authorizationDenied)
    }

    @Test func fullAccessReadsAndWritesThroughTheDaemon() throws {
        let fixture = try DaemonFixture()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        #expect(app.authorizationStatus(for: .contacts) == .authorized)
        #expect(try givenNames(app) == ["Ann"])
        let bob = ContactFixtures.person("Bob", "Stone", phones: ["+1 555 0101"], emails: ["bob@example.com"])
        try ContactFixtures.save([bob], in: app)
        #expect(try givenNames(fixture.person) == ["Ann", "Bob"], "the app's save reached the person's store")
        let keys = [CNContactGivenNameKey, CNContactPhoneNumbersKey, CNContactEmailAddressesKey] as [CNKeyDescriptor]
        let fetched = try app.unifiedContact(withIdentifier: bob.identifier, keysToFetch: keys)
        #expect(fetched.phoneNumbers.first?.value.stringValue == "+1 555 0101")
        #expect(fetched.phoneNumbers.first?.identifier == bob.phoneNumbers.first?.identifier)
        let found = try app.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingEmailAddress: "bob@example.com"), keysToFetch: names)
        #expect(found.map(\.identifier) == [bob.identifier])
        #expect(try app.containers(matching: nil).count == 1)
        #expect(app.defaultContainerIdentifier() == fixture.person.defaultContainerIdentifier())
        #expect(app.currentHistoryToken != nil)
    }

    @Test func enumerationStreamsInBatchesStopsEarlyAndLetsTheBlockCallTheStore() throws {
        let fixture = try DaemonFixture()
        let people = (0..<700).map { ContactFixtures.person(String(format: "P%04d", $0), "Test") }
        try ContactFixtures.save(people, in: fixture.person)
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let request = CNContactFetchRequest(keysToFetch: names)
        request.sortOrder = .givenName
        var seen: [String] = []
        try app.enumerateContacts(with: request) { contact, _ in seen.append(contact.givenName) }
        #expect(seen == people.map(\.givenName), "every contact, in order, across batches")
        var firstTen: [String] = []
        try app.enumerateContacts(with: request) { contact, stop in
            firstTen.append(contact.givenName)
            if firstTen.count == 10 { stop.pointee = true }
        }
        #expect(firstTen.count == 10)
        var nested = 0
        try app.enumerateContacts(with: request) { contact, stop in
            // A call on the same store from inside the block, as Apple's documentation allows.
            nested += (try? app.unifiedContact(withIdentifier: contact.identifier, keysToFetch: names)) == nil ? 0 : 1
            if nested == 300 { stop.pointee = true }
        }
        #expect(nested == 300)
        #expect(try givenNames(app).count == 700, "the connection is still in step after early stops")
    }

    @Test func limitedAccessSeesOnlyWhatThePersonShared() throws {
        let fixture = try DaemonFixture()
        let (app, _, bob) = try fixture.annSharedBobNot()
        #expect(app.authorizationStatus(for: .contacts) == .limited)
        #expect(try givenNames(app) == ["Ann"])
        #expect(
            ErrorCode.of { try app.unifiedContact(withIdentifier: bob.identifier, keysToFetch: names) }
                == .recordDoesNotExist)
        #expect(
            ErrorCode.of {
                try app.unifiedContacts(
                    matching: CNContact.predicateForContacts(matchingName: "bob"), keysToFetch: names)
            } == nil)
        #expect(
            try app.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: "bob"), keysToFetch: names)
                .isEmpty)
    }

    @Test func deniedAccessGetsAuthorizationDeniedAndNotesNeedTheEntitlement() throws {
        let fixture = try DaemonFixture()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        #expect(
            ErrorCode.of {
                try app.unifiedContacts(
                    matching: CNContact.predicateForContacts(matchingName: "ann"),
                    keysToFetch: [CNContactNoteKey as CNKeyDescriptor])
            } == .unauthorizedKeys)
        try fixture.setAccess(.denied)
        let later = fixture.appStore()
        #expect(later.authorizationStatus(for: .contacts) == .denied)
        #expect(ErrorCode.of { try givenNames(later) } == .authorizationDenied)
        #expect(
            ErrorCode.of { try givenNames(app) } == .authorizationDenied,
            "reduced access ends the open connection's data")
    }

    @Test func anUndecidedAppIsAskedThroughTheDaemonsAgentNotItsOwn() async throws {
        let agent = ScriptedConsentAgent(answers: [.limited([])])
        let fixture = try DaemonFixture(consent: agent)
        let app = fixture.appStore()
        #expect(app.authorizationStatus(for: .contacts) == .notDetermined)
        #expect(try await app.requestAccess(for: .contacts))
        #expect(agent.shown.count == 1)
        #expect(agent.shown.first?.app.bundleIdentifier == DaemonFixture.bundleIdentifier, "the registry names the app")
        #expect(app.authorizationStatus(for: .contacts) == .limited)
    }

    @Test func withNobodyAnsweringInTimeAnUndecidedAppGetsNothingAndIsNotRecorded() async throws {
        let fixture = try DaemonFixture()
        let app = fixture.appStore()
        await #expect(throws: CNError.self) { try await app.requestAccess(for: .contacts) }
        #expect(app.authorizationStatus(for: .contacts) == .notDetermined)
    }
}
