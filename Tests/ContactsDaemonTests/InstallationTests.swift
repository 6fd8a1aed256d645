import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// The administrator's path end to end, with the built tools: `contacts daemon install` into a temporary root,
/// `contacts apps register` for FindMyFriends, `contacts daemon adopt` of user A's store, contactsd started as
/// the installed unit says (its own user, CAP_SYS_PTRACE only), and FindMyFriends run as user A.
@Suite struct InstallationTests {
    /// The installed daemon with CAP_SYS_PTRACE serves user A's adopted contacts to the registered app; without
    /// the capability it cannot read another user's `/proc/PID/exe`, so it identifies no app and serves nothing.
    @Test(arguments: [true, false])
    func anInstalledDaemonServesAnAdoptedStoreToARegisteredApp(withCapability: Bool) throws {
        try #require(UnprivilegedApp.isRoot, "the installation test must run as root (CI does): it creates users")
        let daemonUser = withCapability ? "contactsd-test-e" : "contactsd-test-n"
        Installation.deleteUser(daemonUser)
        defer { Installation.deleteUser(daemonUser) }
        let root = URL(fileURLWithPath: "/tmp").appendingPathComponent("install-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        chmod(root.path, 0o755)
        defer { try? FileManager.default.removeItem(at: root) }
        let contacts = try Installation.product("contacts")

        let installed = try UnprivilegedApp.run([
            contacts, "daemon", "install", "--root", root.path, "--user", daemonUser,
            "--executable", try Installation.product("contactsd"),
        ])
        try #require(installed.status == 0, "\(installed.output)")
        let app = try UnprivilegedApp.findMyFriends()
        let registered = try UnprivilegedApp.run([
            contacts, "apps", "register", app, "--bundle-id", AttackTests.bundle, "--name", "Find My Friends",
            "--usage", "Finds your friends.", "--registry", root.path + "/etc/contacts/apps",
        ])
        try #require(registered.status == 0, "\(registered.output)")

        // User A's embedded store, with the app allowed, as the person left it before the daemon came.
        let userA = try UnprivilegedApp.user("contacts-test-a")
        let source = root.appendingPathComponent("home-a/Contacts.sqlite")
        let person = CNContactStore(url: source)
        try ContactFixtures.save(
            [ContactFixtures.person("Ann", "Lee"), ContactFixtures.person("Bob", "Stone")], in: person)
        try person.accessControls().setAccess(.full, for: AttackTests.bundle)
        let adopted = try UnprivilegedApp.run([
            contacts, "daemon", "adopt", "--uid", "\(userA.uid)", "--store", source.path,
            "--state", root.path + "/var/lib/contactsd", "--daemon-user", daemonUser,
        ])
        try #require(adopted.status == 0, "\(adopted.output)")

        let daemon = try Installation.DaemonProcess(root: root, user: daemonUser, withCapability: withCapability)
        defer { daemon.stop() }
        // Socket activation: the socket listens before contactsd runs, and contactsd starts on the first connection.
        #expect(try daemon.executable() == "/usr/bin/systemd-socket-activate")
        let result = try UnprivilegedApp.run(
            as: userA, [app], environment: ["CONTACTS_DAEMON_SOCKET": daemon.socket, "HOME": "/tmp", "LANG": "C.UTF-8"])
        #expect(
            try daemon.executable()
                == URL(fileURLWithPath: Installation.product("contactsd")).resolvingSymlinksInPath().path)
        #expect(try daemon.capabilities() == (withCapability ? "0000000000080000" : "0000000000000000"))
        if withCapability {
            #expect(result.status == 0, "\(result.output)\n\(daemon.log())")
            #expect(result.output.contains("Ann Lee"))
            #expect(result.output.contains("Bob Stone"))
        } else {
            #expect(result.status == 1, "\(result.output)")
            #expect(!result.output.contains("Ann"))
            #expect(result.output.contains("Access was not granted (100)"))
        }
    }
}

/// The pieces of the installation test.
enum Installation {
    /// A built product beside the test bundle (SwiftPM builds the executables the test target depends on).
    static func product(_ name: String) throws -> String {
        let folder = try #require(Bundle.main.executableURL).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent()].map { $0.appendingPathComponent(name).path }
        return try #require(
            candidates.first(where: FileManager.default.isExecutableFile), "build the \(name) product first")
    }

    /// Deletes a user the test created, and the group of its name.
    static func deleteUser(_ name: String) {
        _ = try? UnprivilegedApp.run(["/usr/sbin/userdel", name])
        if getgrnam(name) != nil { _ = try? UnprivilegedApp.run(["/usr/sbin/groupdel", name]) }
    }

    /// contactsd started as the installed units say: systemd's part played by `systemd-socket-activate`, which
    /// listens on the socket unit's `ListenStream=` (in a root-owned folder, as `DirectoryMode=` makes it; mode
    /// 0666, as `SocketMode=`) and, on the first connection, runs the service's `ExecStart=` (paths under the
    /// temporary root) as its `User=`, with the unit's capabilities (or none), handing it the socket.
    final class DaemonProcess {
        let process: SpawnedProcess
        let socket: String
        let logURL: URL

        init(root: URL, user: String, withCapability: Bool) throws {
            let units = root.appendingPathComponent("etc/systemd/system")
            let unit = try String(contentsOf: units.appendingPathComponent("contactsd.service"), encoding: .utf8)
            let execStart = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
            let words = execStart.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
            // The unit names the installed paths; under the test's root they are prefixed, the executable is not.
            let arguments = [words[0]] + words.dropFirst().map { $0.hasPrefix("/") ? root.path + $0 : $0 }
            let socketUnit = try String(contentsOf: units.appendingPathComponent("contactsd.socket"), encoding: .utf8)
            let listen = try #require(socketUnit.split(separator: "\n").first { $0.hasPrefix("ListenStream=") })
            socket = root.path + listen.dropFirst("ListenStream=".count)
            let entry = try #require(getpwnam(user))
            let folder = URL(fileURLWithPath: socket).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            chmod(folder.path, 0o755)
            let capabilities = withCapability ? "-all,+sys_ptrace" : "-all"
            logURL = root.appendingPathComponent("contactsd.log")
            // Not Foundation's `Process`: systemd-socket-activate closes the descriptor it watches (SpawnedProcess).
            process = try SpawnedProcess(
                [
                    "/usr/bin/env", "-i", "LANG=C.UTF-8", "/usr/bin/systemd-socket-activate", "--listen=\(socket)",
                    "--", "/usr/bin/setpriv", "--reuid=\(entry.pointee.pw_uid)", "--regid=\(entry.pointee.pw_gid)",
                    "--clear-groups", "--inh-caps=\(capabilities)", "--ambient-caps=\(capabilities)",
                    "--bounding-set=\(capabilities)", "--",
                ] + arguments, output: logURL.path)
            try #require(process.waitForFile(socket), "the socket did not listen: \(self.log())")
            chmod(socket, 0o666)
        }

        /// The program the process runs now (`/proc/PID/exe`).
        func executable() throws -> String {
            try process.executable()
        }

        /// The effective capabilities of the daemon (`CapEff:` of /proc/PID/status, in hex).
        func capabilities() throws -> String? {
            let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
            return status.split(separator: "\n").first { $0.hasPrefix("CapEff:") }?
                .dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces)
        }

        func log() -> String {
            (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        }

        func stop() {
            process.terminate()
        }
    }
}

/// The fix the daemon names for an unregistered app is a command that exists and works as spelled.
@Suite struct RegistrationHintTests {
    @Test func theCommandTheDaemonNamesForAnUnregisteredAppRegistersIt() throws {
        try #require(UnprivilegedApp.isRoot, "the registry trusts root's files; this test must run as root (CI does)")
        let fixture = try DaemonFixture(registered: false)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        var message = ""
        do {
            _ = try fixture.appStore().unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: "Ann"), keysToFetch: [])
        } catch let error as CNError {
            message = String(describing: error.userInfo[NSDebugDescriptionErrorKey] ?? "")
        }
        let command = try #require(message.firstMatch(of: /'contacts ([^']+)'/)?.1, "no command in: \(message)")
        let arguments = command.split(separator: " ").map { $0 == "ID" ? DaemonFixture.bundleIdentifier : String($0) }
        let result = try UnprivilegedApp.run(
            [try Installation.product("contacts")] + arguments
                + ["--usage", "Tests the daemon.", "--registry", fixture.daemon.configuration.registryDirectory.path])
        #expect(result.status == 0, "\(result.output)")
        try fixture.setAccess(.full)
        let found = try fixture.appStore().unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "Ann"),
            keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        #expect(found.map(\.givenName) == ["Ann"])
    }
}
