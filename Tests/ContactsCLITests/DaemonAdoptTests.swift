import ContactsEngine
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// `contacts daemon adopt`: a person's embedded store handed to contactsd's state, as root, losing nothing.
@Suite struct DaemonAdoptTests {
    /// A person's store (user A's) and a state directory for a daemon running as user B.
    struct World {
        let harness: CommandLineHarness
        let source: URL
        let state: URL
        let person: AdministrationSupport.User
        let daemon: AdministrationSupport.User

        init() throws {
            try AdministrationSupport.requireRoot()
            harness = try CommandLineHarness()
            person = try AdministrationSupport.user("contacts-test-a")
            daemon = try AdministrationSupport.user("contacts-test-b")
            source = harness.realDirectory.appendingPathComponent("person/Contacts.sqlite")
            state = harness.realDirectory.appendingPathComponent("state")
            try AdministrationSupport.makePersonStore(at: source)
        }

        var destination: URL { state.appendingPathComponent("users/\(person.uid)/Contacts.sqlite") }

        func adopt(_ store: URL? = nil, _ extra: [String] = []) throws -> CommandLineHarness.Result {
            try harness.contacts(
                [
                    "daemon", "adopt", "--uid", "\(person.uid)", "--store", (store ?? source).path, "--state",
                    state.path,
                    "--daemon-user", "contacts-test-b",
                ] + extra,
                store: false)
        }

        /// The files of a folder whose names start with a prefix.
        func files(in folder: URL, startingWith prefix: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) }.sorted()
        }

        /// A copy of the adopted store opened as the person's store would be (the copy, so the daemon's file
        /// keeps its owner and gains no root-owned companions).
        func openAdoptedCopy() throws -> CNContactStore {
            let copy = harness.realDirectory.appendingPathComponent("inspect/Contacts.sqlite")
            try FileManager.default.createDirectory(
                at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: destination, to: copy)
            return CNContactStore(url: copy)
        }
    }

    @Test func adoptingCopiesEveryRowGivesTheStoreToTheDaemonAndKeepsTheOriginal() throws {
        let world = try World()
        let result = try world.adopt()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("2 contacts, 1 group, 1 container, 2 apps; integrity check ok."))

        let file = try AdministrationSupport.status(world.destination.path)
        #expect(file.uid == world.daemon.uid && file.gid == world.daemon.gid && file.mode == 0o600)
        for folder in [
            world.state, world.state.appendingPathComponent("users"), world.destination.deletingLastPathComponent(),
        ] {
            let status = try AdministrationSupport.status(folder.path)
            #expect(status.uid == world.daemon.uid && status.mode == 0o700, "\(folder.path)")
        }
        #expect(
            try world.files(in: world.destination.deletingLastPathComponent(), startingWith: "") == ["Contacts.sqlite"])

        // The original is renamed, never deleted, with its write-ahead log beside it.
        #expect(!FileManager.default.fileExists(atPath: world.source.path))
        let kept = try world.files(
            in: world.source.deletingLastPathComponent(), startingWith: "Contacts.sqlite.adopted-")
        let original = try #require(kept.first { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
        #expect(original.wholeMatch(of: /Contacts\.sqlite\.adopted-\d{8}T\d{6}Z/) != nil)
        #expect(result.standardOutput.contains("Kept the original as \(world.source.path).adopted-"))
        guard
            case .store(let originalSummary) = StoreInspection.inspect(
                world.source.deletingLastPathComponent().appendingPathComponent(original))
        else {
            Issue.record("the original is no longer a store")
            return
        }
        #expect(originalSummary.contactCount == 2)

        let store = try world.openAdoptedCopy()
        let keys = [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactNoteKey, CNContactImageDataKey].map {
            $0 as CNKeyDescriptor
        }
        var contacts: [String: CNContact] = [:]
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: keys)) { contact, _ in
            contacts[contact.givenName] = contact
        }
        #expect(contacts.keys.sorted() == ["Ann", "Bob"])
        #expect(contacts["Ann"]?.note == "Allergic to cats.")
        #expect(contacts["Ann"]?.imageData == (try AdministrationSupport.photo()))
        let groups = try store.groups(matching: nil)
        #expect(groups.map(\.name) == ["Friends"])
        let group = try #require(groups.first)
        let members = try store.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: group.identifier), keysToFetch: keys)
        #expect(members.map(\.givenName) == ["Ann"])
        let apps = Dictionary(
            uniqueKeysWithValues: try store.accessControls().apps().map { ($0.bundleIdentifier, $0.status) })
        #expect(apps["org.example.allowed"] == .authorized)
        #expect(apps["org.example.denied"] == .denied)
    }

    @Test func aDestinationThatHoldsAStoreIsRefusedUnlessReplacedAndThenKept() throws {
        let world = try World()
        #expect(try world.adopt().status == 0)
        let second = world.harness.realDirectory.appendingPathComponent("second/Contacts.sqlite")
        try ContactFixtures.save([ContactFixtures.person("Cy", "Park")], in: CNContactStore(url: second))

        let refused = try world.adopt(second)
        #expect(refused.status == 73)
        #expect(refused.standardError.contains("already holds a store; hint: pass --replace"))
        #expect(FileManager.default.fileExists(atPath: second.path), "a refused adoption renames nothing")

        let replaced = try world.adopt(second, ["--replace"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        let folder = world.destination.deletingLastPathComponent()
        let backups = try world.files(in: folder, startingWith: "Contacts.sqlite.replaced-")
        #expect(backups.count == 1)
        guard case .store(let old) = StoreInspection.inspect(folder.appendingPathComponent(backups[0])),
            case .store(let new) = StoreInspection.inspect(world.destination)
        else {
            Issue.record("both stores are kept")
            return
        }
        #expect(old.contactCount == 2)
        #expect(new.contactCount == 1)
        #expect(try AdministrationSupport.status(world.destination.path).uid == world.daemon.uid)
    }

    @Test(arguments: ["text", "missing", "folder"])
    func aSourceThatIsNotAContactsStoreIsRefusedAndNothingIsWritten(kind: String) throws {
        let world = try World()
        let path = world.harness.realDirectory.appendingPathComponent("not-a-store")
        switch kind {
        case "text": try Data("BEGIN:VCARD\n".utf8).write(to: path)
        case "folder": try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        default: break
        }
        let result = try world.adopt(path)
        #expect(result.status == 66, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: world.state.path))
        #expect(kind == "missing" || FileManager.default.fileExists(atPath: path.path))
    }

    @Test func afterAdoptionWithNoDaemonThePersonsToolRefusesTheOldPathAndCreatesNoEmptyStore() throws {
        let world = try World()
        #expect(try world.adopt().status == 0)
        // The same location named by the option, by CONTACTS_STORE and by XDG_DATA_HOME (the default).
        let folder = world.source.deletingLastPathComponent()
        let xdg = world.harness.realDirectory.appendingPathComponent("xdg")
        try FileManager.default.createDirectory(
            at: xdg.appendingPathComponent("contacts"), withIntermediateDirectories: true)
        let kept = try world.files(in: folder, startingWith: "Contacts.sqlite.adopted-")
        try FileManager.default.createSymbolicLink(
            at: xdg.appendingPathComponent("contacts/\(kept[0])"),
            withDestinationURL: folder.appendingPathComponent(kept[0]))
        // No contactsd listens (PersonToolTests has the tool reach the book through one that does).
        let socket = ["CONTACTS_DAEMON_SOCKET": world.harness.realDirectory.appendingPathComponent("none.sock").path]
        let runs = [
            try world.harness.contacts(["list", "--store", world.source.path], store: false, environment: socket),
            try world.harness.contacts(
                ["list"], store: false, environment: socket.merging(["CONTACTS_STORE": world.source.path]) { $1 }),
            try world.harness.contacts(
                ["list"], store: false, environment: socket.merging(["XDG_DATA_HOME": xdg.path]) { $1 }),
        ]
        for result in runs {
            #expect(result.status == 69, "\(result.standardError)")
            #expect(result.standardError.contains("was handed to contactsd (kept as Contacts.sqlite.adopted-"))
            #expect(result.standardError.contains("no contactsd listens at \(socket.values.first ?? "")"))
        }
        #expect(!FileManager.default.fileExists(atPath: world.source.path), "no new, empty store was created")
        #expect(!FileManager.default.fileExists(atPath: xdg.appendingPathComponent("contacts/Contacts.sqlite").path))
    }

    @Test func aStoreWithCardDAVAccountsIsAdoptedOnlyWhenTheyMayStopSyncing() throws {
        let world = try World()
        let account = SyncAccountRow(
            identifier: "account", name: "Server", serverURL: "http://127.0.0.1:1/", principalURL: nil,
            credentialStorage: "file", pinnedCertificate: nil, settings: "{}", createdAt: Date())
        let embedded = try #require(CNContactStore(url: world.source).connection as? EmbeddedConnection)
        _ = try embedded.authorized().addSyncAccount(
            account,
            collections: [
                NewSyncCollection(name: "Book", url: "http://127.0.0.1:1/book/", isReadOnly: false, capabilities: "{}")
            ])

        let refused = try world.adopt()
        #expect(refused.status == 69, "\(refused.standardError)")
        #expect(refused.standardError.contains("syncs 1 CardDAV account, which contactsd does not sync yet"))
        #expect(refused.standardError.contains("--stop-syncing"))
        #expect(FileManager.default.fileExists(atPath: world.source.path), "nothing was changed")
        #expect(!FileManager.default.fileExists(atPath: world.destination.path))

        let adopted = try world.adopt(nil, ["--stop-syncing"])
        #expect(adopted.status == 0, "\(adopted.standardError)")
        #expect(adopted.standardOutput.contains("Its 1 CardDAV account no longer sync"))
        let store = try world.openAdoptedCopy()
        #expect(try store.containers(matching: nil).map(\.name).sorted() == ["Book", "Contacts"])
    }

    @Test func theDefaultSourceIsTheStoreInThePersonsHome() throws {
        let world = try World()
        let home = String(cString: try #require(getpwuid(world.person.uid)).pointee.pw_dir)
        let result = try world.harness.contacts(
            [
                "daemon", "adopt", "--uid", "\(world.person.uid)", "--state", world.state.path, "--daemon-user",
                "contacts-test-b",
            ],
            store: false)
        #expect(result.status == 66, "contacts-test-a has no store")
        #expect(result.standardError.contains("no contacts store at \(home)/.local/share/contacts/Contacts.sqlite"))
    }

    @Test func anUnknownDaemonUserIsRefused() throws {
        let world = try World()
        let result = try world.harness.contacts(
            [
                "daemon", "adopt", "--uid", "\(world.person.uid)", "--store", world.source.path, "--state",
                world.state.path,
                "--daemon-user", "contactsd-test-nobody",
            ],
            store: false)
        #expect(result.status == 67)
        #expect(result.standardError.contains("no user contactsd-test-nobody"))
        #expect(FileManager.default.fileExists(atPath: world.source.path))
    }
}
