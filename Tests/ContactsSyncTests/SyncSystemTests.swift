import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// What the rest of the system sees of a sync: its history author, its notifications, and the privacy rules on
/// synced contacts.
@Suite(.tags(.integration))
struct SyncSystemTests {
    private static let environment = PrivacyEnvironment(
        now: { Date(timeIntervalSince1970: 1_800_000_000) }, variable: { _ in nil }, executableURL: { nil },
        readFile: { _ in nil }, clock: ContinuousClock())

    /// An app's store on the harness's file, with the person's answers scripted.
    private static func appStore(_ harness: SyncHarness, bundle: String = "com.example.friends") -> CNContactStore {
        var configuration = harness.temporary.configuration()
        configuration.accessor = .app(
            AppIdentity(bundleIdentifier: bundle, displayName: "Friends", usageDescription: "Finds your friends."))
        configuration.privacy = ContactStorePrivacyOptions(
            consentAgent: ScriptedConsentAgent(), environment: environment, administratorPolicy: .unrestricted)
        return CNContactStore(configuration: configuration)
    }

    private static func accessControls(_ harness: SyncHarness) throws -> ContactAccessControls {
        var configuration = harness.temporary.configuration()
        configuration.privacy = ContactStorePrivacyOptions(environment: environment, administratorPolicy: .unrestricted)
        return try CNContactStore(configuration: configuration).accessControls()
    }

    /// A server with two people, synced once into a fresh store.
    private static func synced(_ kind: ServerKind) async throws -> (
        CardDAVTestServer, SyncHarness, CardDAVAccount, String
    ) {
        let server = try CardDAVTestServer.start(kind)
        try await server.put(Cards.person(uid: "ada", given: "Ada", family: "Lovelace"), name: "ada.vcf")
        try await server.put(Cards.person(uid: "alan", given: "Alan", family: "Turing"), name: "alan.vcf")
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server)
        let container = try harness.container(of: account, server: server)
        return (server, harness, account, container)
    }

    private static func events(_ store: CNContactStore, since token: Data?, excluding authors: [String]?) throws
        -> [String]
    {
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = token
        request.excludedTransactionAuthors = authors
        request.additionalContactKeyDescriptors = [CNContactFamilyNameKey as CNKeyDescriptor]
        return try Array(store.changeHistory(for: request).value).map { event in
            switch event {
            case let add as CNChangeHistoryAddContactEvent: "add \(add.contact.familyName)"
            case let update as CNChangeHistoryUpdateContactEvent: "update \(update.contact.familyName)"
            case is CNChangeHistoryDeleteContactEvent: "delete"
            default: String(describing: type(of: event))
            }
        }.sorted()
    }

    @Test(arguments: ServerKind.allCases)
    func syncedChangesCarryTheSyncsAuthorWhichHistoryCanLeaveOut(kind: ServerKind) async throws {
        let (server, harness, account, container) = try await Self.synced(kind)
        let token = harness.store.currentHistoryToken
        try await harness.sync(account)
        #expect(try Self.events(harness.store, since: token, excluding: nil) == ["add Lovelace", "add Turing"])
        #expect(try Self.events(harness.store, since: token, excluding: [CardDAVAccounts.transactionAuthor]) == [])

        // A server edit comes down under the sync's author too; a local edit does not.
        let afterFirst = harness.store.currentHistoryToken
        try await server.put(Cards.person(uid: "ada", given: "Augusta Ada", family: "Lovelace"), name: "ada.vcf")
        try await harness.sync(account)
        try harness.edit("Turing", in: container) { $0.nickname = "Prof" }
        #expect(
            try Self.events(harness.store, since: afterFirst, excluding: nil) == ["update Lovelace", "update Turing"])
        #expect(
            try Self.events(harness.store, since: afterFirst, excluding: [CardDAVAccounts.transactionAuthor]) == [
                "update Turing"
            ])
    }

    @Test(arguments: ServerKind.allCases)
    func aSyncThatChangesTheStorePostsAChangeNotificationAndOneThatChangesNothingDoesNot(kind: ServerKind) async throws
    {
        let (server, harness, account, _) = try await Self.synced(kind)
        defer { withExtendedLifetime(server) {} }
        let received = NotificationCount()
        let observer = NotificationCenter.default.addObserver(
            forName: .CNContactStoreDidChange, object: harness.store, queue: nil
        ) { _ in
            received.add()
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try await harness.sync(account)
        #expect(received.value >= 1)
        let before = received.value
        let again = try await harness.sync(account)
        #expect(again.isEmpty)
        #expect(received.value == before)
    }

    @Test(arguments: ServerKind.allCases)
    func anAppSeesSyncedContactsOnlyAsItsAuthorizationAllows(kind: ServerKind) async throws {
        let (server, harness, account, container) = try await Self.synced(kind)
        try await harness.sync(account)
        let ada = try #require(try harness.contact(named: "Lovelace", in: container))
        let app = Self.appStore(harness)
        let request = CNContactFetchRequest(keysToFetch: [CNContactFamilyNameKey as CNKeyDescriptor])
        request.predicate = CNContact.predicateForContactsInContainer(withIdentifier: container)
        func names() throws -> [String] {
            var result: [String] = []
            try app.enumerateContacts(with: request) { contact, _ in result.append(contact.familyName) }
            return result.sorted()
        }

        let controls = try Self.accessControls(harness)
        try controls.setAccess(.denied, for: "com.example.friends")
        #expect(throws: CNError.self) { try names() }
        try controls.setAccess(.limited([ada.identifier]), for: "com.example.friends")
        #expect(try names() == ["Lovelace"])
        // A later server edit of a hidden contact stays hidden; one of the granted contact is seen.
        try await server.put(Cards.person(uid: "alan", given: "Alan M.", family: "Turing"), name: "alan.vcf")
        try await server.put(Cards.person(uid: "ada", given: "Augusta Ada", family: "Lovelace"), name: "ada.vcf")
        try await harness.sync(account)
        #expect(try names() == ["Lovelace"])
        #expect(
            try app.unifiedContact(
                withIdentifier: ada.identifier, keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor]
            ).givenName == "Augusta Ada")

        // The app's own edit of a synced contact it may see goes up like the person's.
        let copy = try app.unifiedContact(
            withIdentifier: ada.identifier, keysToFetch: [CNContactNicknameKey as CNKeyDescriptor])
        let edited = try #require(copy.mutableCopy() as? CNMutableContact)
        edited.nickname = "Countess"
        let save = CNSaveRequest()
        save.update(edited)
        try app.execute(save)
        let summary = try await harness.sync(account)
        #expect(summary.uploaded == 1)
        #expect(
            try await server.get("ada.vcf").map { String(decoding: $0, as: UTF8.self) }?.contains("NICKNAME:Countess")
                == true)
    }

    @Test func anAppCannotRunOrListAccounts() async throws {
        let (server, harness, account, _) = try await Self.synced(.radicale)
        // The server stays up, so the refusal is the store's, not a failed connection.
        defer { withExtendedLifetime(server) {} }
        let app = Self.appStore(harness)
        try Self.accessControls(harness).setAccess(.full, for: "com.example.friends")
        let accounts = CardDAVAccounts(
            store: app, credentialStorages: [FileCredentialStorage(directory: harness.credentialsFolder)])
        await #expect(throws: SyncError.self) { try await accounts.sync(accountIdentifier: account.identifier) }
        #expect(throws: SyncError.self) { try accounts.accounts() }
        do {
            _ = try accounts.accounts()
        } catch let error as SyncError {
            #expect(error.code == .store)
            #expect((error.underlying as? CNError)?.code == .authorizationDenied)
        }
    }
}

/// A counter the notification observer (any thread) and the test share.
private final class NotificationCount: @unchecked Sendable {
    // SAFETY: every access holds the lock.
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
