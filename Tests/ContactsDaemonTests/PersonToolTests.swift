import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// The person's `contacts` tool once the book is contactsd's: after `contacts daemon adopt` (the original kept
/// beside the old path) or with no file of the person's own at the standard location, the store commands and
/// the privacy controls reach the book through the daemon's socket, as the person; an app's connection gets
/// none of it.
@Suite(.serialized) struct PersonToolTests {
    private static let bundle = "org.example.python"

    /// A daemon with Ann Lee in root's book, the Python interpreter registered as an app with limited access
    /// to nothing, and the `contacts` tool as the person's agent; an empty folder for the old store path.
    final class World: @unchecked Sendable {
        // SAFETY: set once in init. TODO(#13): none; test fixture.
        let fixture: DaemonFixture
        let agent: String
        let python: String
        let home: URL
        let ann: CNMutableContact

        init(registerAgent: Bool = true) throws {
            python = try UnprivilegedApp.python3()
            fixture = try DaemonFixture(registered: false)
            let registry = fixture.daemon.configuration.registryDirectory
            try AppRegistry.register(
                executable: python, bundleIdentifier: PersonToolTests.bundle, displayName: "Python Holder",
                usageDescription: "Holds on.", in: registry)
            agent = try UnprivilegedApp.product("contacts")
            if registerAgent { try UnprivilegedApp.registerPersonAgent(in: registry, executable: agent) }
            ann = ContactFixtures.person("Ann", "Lee")
            ann.note = "Allergic to cats."
            try ContactFixtures.save([ann], in: fixture.person)
            try fixture.person.accessControls().setAccess(.limited([]), for: PersonToolTests.bundle)
            home = fixture.directory.appendingPathComponent("home")
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent(".local/share/contacts"), withIntermediateDirectories: true)
        }

        /// The person's old store path, with the original `contacts daemon adopt` keeps beside it.
        func adoptedPath() throws -> String {
            let folder = fixture.directory.appendingPathComponent("old")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: folder.appendingPathComponent("Contacts.sqlite.adopted-20261128T120000Z"))
            return folder.appendingPathComponent("Contacts.sqlite").path
        }

        /// The tool, as root (the fixture's book is root's), with exactly this environment besides HOME.
        func contacts(_ arguments: [String], environment: [String: String] = [:]) throws -> UnprivilegedApp.Result {
            var variables = ["HOME": home.path, "CONTACTS_DAEMON_SOCKET": fixture.daemon.configuration.socketPath]
            variables.merge(environment) { _, new in new }
            let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return try UnprivilegedApp.run(["/usr/bin/env", "-i"] + assignments + [agent] + arguments)
        }

        var appSummary: ContactAccessSummary? {
            get throws {
                try fixture.person.accessControls().apps().first { $0.bundleIdentifier == PersonToolTests.bundle }
            }
        }
    }

    @Test func afterAdoptionTheStoreCommandsReadAndWriteTheDaemonsBookAsThePerson() throws {
        let world = try World()
        let old = try world.adoptedPath()

        let list = try world.contacts(["list", "--store", old, "--json"])
        #expect(list.status == 0, "\(list.output)")
        #expect(list.output.contains(world.ann.identifier))
        // The person sees the note (no entitlement needed: the tool is the person's, not an app).
        let show = try world.contacts(["show", world.ann.identifier, "--store", old])
        #expect(show.status == 0 && show.output.contains("Allergic to cats."), "\(show.output)")

        let added = try world.contacts(["add", "--given", "Cy", "--family", "Park", "--store", old])
        #expect(added.status == 0, "\(added.output)")
        let cy = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let inBook = try world.fixture.person.unifiedContact(
            withIdentifier: cy, keysToFetch: [CNContactFamilyNameKey as CNKeyDescriptor])
        #expect(inBook.familyName == "Park", "the daemon's book holds what the tool added")

        let search = try world.contacts(["search", "Park", "--store", old, "--json"])
        #expect(search.status == 0 && search.output.contains(cy) && !search.output.contains(world.ann.identifier))
        let export = try world.contacts(["export", "--store", old])
        #expect(export.status == 0 && export.output.contains("FN:Cy Park") && export.output.contains("FN:Ann Lee"))
        let deleted = try world.contacts(["delete", cy, "--store", old])
        #expect(deleted.status == 0, "\(deleted.output)")
        #expect(throws: CNError.self) {
            try world.fixture.person.unifiedContact(withIdentifier: cy, keysToFetch: [])
        }
        // The old path stays empty: no second, unseen book was created there.
        #expect(!FileManager.default.fileExists(atPath: old))
    }

    @Test func theOwnCardGroupsImportHistoryAndInfoWorkThroughTheDaemonAndAccountsSayTheyDoNot() throws {
        let world = try World()
        let old = try world.adoptedPath()

        #expect(try world.contacts(["me", "set", world.ann.identifier, "--store", old]).status == 0)
        #expect(try world.fixture.person.unifiedMeContactWithKeys(toFetch: []).identifier == world.ann.identifier)
        let me = try world.contacts(["me", "--store", old])
        #expect(me.status == 0 && me.output.contains("Ann Lee"), "\(me.output)")
        #expect(try world.contacts(["me", "clear", "--store", old]).status == 0)
        #expect(throws: CNError.self) { try world.fixture.person.unifiedMeContactWithKeys(toFetch: []) }
        let unknown = try world.contacts(["me", "set", "no-such-contact", "--store", old])
        #expect(unknown.status != 0)

        let created = try world.contacts(["groups", "create", "Friends", "--store", old])
        #expect(created.status == 0, "\(created.output)")
        let group = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try world.contacts(["groups", "add", group, world.ann.identifier, "--store", old]).status == 0)
        let members = try world.fixture.person.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: group), keysToFetch: [])
        #expect(members.map(\.identifier) == [world.ann.identifier])

        let card = world.fixture.directory.appendingPathComponent("dee.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Dee Ray\r\nN:Ray;Dee;;;\r\nEND:VCARD\r\n".utf8).write(to: card)
        let imported = try world.contacts(["import", card.path, "--store", old])
        #expect(imported.status == 0 && imported.output.contains("1 added"), "\(imported.output)")
        let history = try world.contacts(["history", "--store", old])
        #expect(history.status == 0 && history.output.contains("Dee Ray"), "\(history.output)")

        // `import --me` finds the card it imported again by its UID, through the daemon's card identity calls.
        let own = world.fixture.directory.appendingPathComponent("me.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:me-1\r\nFN:Eve Moss\r\nN:Moss;Eve;;;\r\nEND:VCARD\r\n".utf8)
            .write(to: own)
        let mine = try world.contacts(["import", "--me", own.path, "--store", old])
        #expect(mine.status == 0, "\(mine.output)")
        let ownCard = try world.fixture.person.unifiedMeContactWithKeys(toFetch: [
            CNContactGivenNameKey as CNKeyDescriptor
        ])
        #expect(ownCard.givenName == "Eve")

        let info = try world.contacts(["info", "--store", old, "--json"])
        #expect(info.status == 0, "\(info.output)")
        let counts = try JSONDecoder().decode(InfoJSON.self, from: Data(info.output.utf8))
        #expect(counts.source == "contactsd" && counts.contacts == 3 && counts.groups == 1 && counts.apps == 1)
        #expect(counts.path == world.fixture.daemon.configuration.socketPath)

        let accounts = try world.contacts(["accounts", "--store", old])
        #expect(accounts.status == 69 && accounts.output.contains("contactsd does not sync CardDAV accounts yet"))
    }

    /// `info --json` in daemon mode.
    struct InfoJSON: Decodable {
        var path: String
        var source: String
        var contacts: Int
        var groups: Int
        var apps: Int
    }

    @Test func withNoFileOfThePersonsOwnTheStandardLocationIsTheDaemonsBook() throws {
        let world = try World()
        let list = try world.contacts(["list", "--json"])
        #expect(list.status == 0 && list.output.contains(world.ann.identifier), "\(list.output)")
        #expect(
            !FileManager.default.fileExists(
                atPath: world.home.appendingPathComponent(".local/share/contacts/Contacts.sqlite").path))

        let initialized = try world.contacts(["init"])
        #expect(
            initialized.status == 0 && initialized.output.contains("Your book is contactsd's"), "\(initialized.output)")
        #expect(
            !FileManager.default.fileExists(
                atPath: world.home.appendingPathComponent(".local/share/contacts/Contacts.sqlite").path))

        // A file of the person's own at the standard location is theirs; the tool says their apps see another.
        let own = world.home.appendingPathComponent(".local/share/contacts/Contacts.sqlite")
        try ContactFixtures.save([ContactFixtures.person("Own", "File")], in: CNContactStore(url: own))
        let mine = try world.contacts(["list"])
        #expect(mine.status == 0 && mine.output.contains("Own") && !mine.output.contains("Ann"), "\(mine.output)")
        #expect(mine.output.contains("contactsd is running and your apps see its book, not \(own.path)"))
    }

    @Test func afterAdoptionWithNoDaemonTheToolSaysSoAndCreatesNothing() throws {
        let world = try World()
        let old = try world.adoptedPath()
        let missing = world.fixture.directory.appendingPathComponent("none.sock").path
        let result = try world.contacts(["list", "--store", old], environment: ["CONTACTS_DAEMON_SOCKET": missing])
        #expect(result.status == 69, "\(result.output)")
        #expect(result.output.contains("was handed to contactsd"))
        #expect(result.output.contains("no contactsd listens at \(missing)"))
        #expect(!FileManager.default.fileExists(atPath: old))
    }

    @Test func thePrivacyControlsListShareAndUnshareThroughTheDaemon() throws {
        let world = try World()
        let old = try world.adoptedPath()

        let apps = try world.contacts(["privacy", "apps", "--store", old, "--json"])
        #expect(apps.status == 0, "\(apps.output)")
        let listed = try JSONDecoder().decode([AppJSON].self, from: Data(apps.output.utf8))
        let app = try #require(listed.first { $0.bundleIdentifier == Self.bundle })
        #expect(app.status == "limited" && app.visible == 0 && app.shared == 0)
        #expect(app.name == "Python Holder" && app.purpose == "Holds on.", "the registry's name and purpose")

        let share = try world.contacts(["privacy", "share", Self.bundle, world.ann.identifier, "--store", old])
        #expect(share.status == 0, "\(share.output)")
        #expect(share.output.contains("\(Self.bundle): limited, sees 1 of 1 contacts."), "\(share.output)")
        #expect(try world.appSummary?.visibleCount == 1)

        let show = try world.contacts(["privacy", "show", Self.bundle, "--store", old, "--json"])
        let shown = try JSONDecoder().decode(AppJSON.self, from: Data(show.output.utf8))
        #expect(shown.shared == 1 && shown.visible == 1)

        // Nothing changes for an unknown contact or an unknown app.
        let unknown = try world.contacts(["privacy", "share", Self.bundle, "no-such-contact", "--store", old])
        #expect(unknown.status == 67 && unknown.output.contains("no contact with the identifier no-such-contact"))
        let stranger = try world.contacts([
            "privacy", "share", "org.example.never", world.ann.identifier, "--store", old,
        ])
        #expect(stranger.status == 67)
        #expect(
            try world.fixture.person.accessControls().apps().allSatisfy { $0.bundleIdentifier != "org.example.never" })

        let unshare = try world.contacts([
            "privacy", "unshare", Self.bundle, world.ann.identifier, "--store", old, "--keep-running",
        ])
        #expect(unshare.status == 0, "\(unshare.output)")
        #expect(unshare.output.contains("Access reduced: \(Self.bundle)'s open connections fail with 100"))
        #expect(try world.appSummary?.visibleCount == 0)

        // An administrator's restriction is the daemon's policy file, not the person's book.
        let restrict = try world.contacts(["privacy", "restrict", Self.bundle, "--store", old])
        #expect(restrict.status == 69 && restrict.output.contains("contactsd's policy file"), "\(restrict.output)")
        #expect(try world.appSummary?.status == .limited)
    }

    @Test func aToolTheRegistryDoesNotNameAsTheAgentIsToldTheFix() throws {
        let world = try World(registerAgent: false)
        let result = try world.contacts(["privacy", "apps", "--socket", world.fixture.daemon.configuration.socketPath])
        #expect(result.status != 0)
        #expect(result.output.contains("contacts apps register"), "\(result.output)")
        #expect(!result.output.contains("org.example.python"))

        // Registered as an app, without the entitlement: an app's connection, refused the controls with the fix.
        try AppRegistry.register(
            executable: world.agent, bundleIdentifier: "org.example.tool", displayName: "Tool",
            usageDescription: "Lists.", in: world.fixture.daemon.configuration.registryDirectory)
        let asApp = try world.contacts(["privacy", "apps", "--socket", world.fixture.daemon.configuration.socketPath])
        #expect(asApp.status == 77, "\(asApp.output)")
        #expect(asApp.output.contains("contactsd does not know this tool as your agent"))
        #expect(asApp.output.contains("--entitlement org.swift-contacts.person-agent"))
        #expect(!asApp.output.contains("org.example.python"))
    }

    @Test func anAppCanNeitherListTheAppsNorShareContactsWithItselfNorSetTheOwnCard() throws {
        let world = try World()
        let holder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Python")
        let script = """
            import sys; sys.path.insert(0, "\(holder.path)")
            import socket, contacts_pb2 as pb
            from client import send, receive
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.connect("\(world.fixture.daemon.configuration.socketPath)")
            send(s, pb.ClientMessage(id=1, hello=pb.Hello(protocol_version=1))); receive(s)
            send(s, pb.ClientMessage(id=2, app_access=pb.AppAccessRequest()))
            reply = receive(s)
            print(reply.WhichOneof("body"), reply.error.code, len(reply.app_access.apps))
            share = pb.SetAppAccessRequest(bundle_identifier="\(Self.bundle)", decision=4, limited_identifiers=["\(world.ann.identifier)"])
            send(s, pb.ClientMessage(id=3, set_app_access=share))
            reply = receive(s)
            print(reply.WhichOneof("body"), reply.error.code)
            send(s, pb.ClientMessage(id=4, set_me_contact=pb.SetMeContactRequest(contact_identifier="\(world.ann.identifier)")))
            reply = receive(s)
            print(reply.WhichOneof("body"), reply.error.code)
            """
        let result = try UnprivilegedApp.run([world.python, "-c", script])
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines == ["error 100 0", "error 100", "error 100"], "\(result.output)")
        #expect(throws: CNError.self) { try world.fixture.person.unifiedMeContactWithKeys(toFetch: []) }
        #expect(try world.appSummary?.visibleCount == 0)
        #expect(try world.appSummary?.summary.sharedCount == 0)
    }

    /// `privacy apps --json` and `privacy show --json`, as docs/CLI.md gives them.
    struct AppJSON: Decodable {
        var bundleIdentifier: String
        var name: String
        var status: String
        var purpose: String?
        var shared: Int
        var visible: Int
    }
}
