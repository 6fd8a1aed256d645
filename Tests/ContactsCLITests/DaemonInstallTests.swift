import ContactsCLI
import Foundation
import Testing

/// `contacts daemon install` into a temporary `--root`, as root: a real system user, directories, the unit.
@Suite struct DaemonInstallTests {
    @Test func installSetsUpTheUserDirectoriesAndUnitAndASecondRunChangesNothing() throws {
        try AdministrationSupport.requireRoot()
        let harness = try CommandLineHarness()
        let user = "contactsd-test-i"
        AdministrationSupport.deleteUser(user)
        defer { AdministrationSupport.deleteUser(user) }
        let root = harness.realDirectory.appendingPathComponent("root").path
        let arguments = ["daemon", "install", "--root", root, "--user", user]

        let first = try harness.contacts(arguments, store: false)
        #expect(first.status == 0, "\(first.standardError)")
        let entry = try #require(getpwnam(user), "the user was created")
        let (uid, gid) = (entry.pointee.pw_uid, entry.pointee.pw_gid)
        #expect(String(cString: entry.pointee.pw_shell) == "/usr/sbin/nologin")
        let state = try AdministrationSupport.status(root + "/var/lib/contactsd")
        #expect(state.uid == uid && state.gid == gid && state.mode == 0o700)
        let registry = try AdministrationSupport.status(root + "/etc/contacts/apps")
        #expect(registry.uid == 0 && registry.gid == 0 && registry.mode == 0o755)
        let unitPath = root + "/etc/systemd/system/contactsd.service"
        #expect(try AdministrationSupport.status(unitPath).mode == 0o644)
        let unit = try String(contentsOfFile: unitPath, encoding: .utf8)
        let contactsd = try CommandLineHarness.product("contactsd").resolvingSymlinksInPath().path
        let lines = Set(unit.split(separator: "\n").map(String.init))
        for line in [
            "User=\(user)",
            "ExecStart=\(contactsd) --socket /run/contactsd/contactsd.sock --state /var/lib/contactsd "
                + "--registry /etc/contacts/apps",
            "Requires=contactsd.socket", "After=local-fs.target contactsd.socket", "Also=contactsd.socket",
            "AmbientCapabilities=CAP_SYS_PTRACE", "CapabilityBoundingSet=CAP_SYS_PTRACE", "NoNewPrivileges=yes",
            "ProtectSystem=strict", "ReadWritePaths=/var/lib/contactsd", "ProtectHome=yes", "PrivateTmp=yes",
            "Restart=on-failure", "WantedBy=multi-user.target",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(!unit.contains("RuntimeDirectory"), "the socket's folder is the socket unit's, not the service's")
        #expect(!unit.contains(root), "the unit names the installed paths, without the prefix")
        // The socket unit: systemd listens for every user's apps and starts the daemon on the first connection.
        let socketUnitPath = root + "/etc/systemd/system/contactsd.socket"
        #expect(try AdministrationSupport.status(socketUnitPath).mode == 0o644)
        let socketUnit = try String(contentsOfFile: socketUnitPath, encoding: .utf8)
        let socketLines = socketUnit.split(separator: "\n").map(String.init)
        for line in [
            "[Socket]", "ListenStream=/run/contactsd/contactsd.sock", "SocketMode=0666", "DirectoryMode=0755",
            "RemoveOnStop=yes", "WantedBy=sockets.target",
        ] {
            #expect(socketLines.contains(line), "\(line)")
        }
        #expect(!socketUnit.contains(root))
        #expect(first.standardOutput.contains("Wrote \(socketUnitPath)."))
        // systemd's own reading of the units, where the machine has it (it needs no running systemd).
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let verified = try AdministrationSupport.run(
                ["/usr/bin/systemd-analyze", "verify", unitPath, socketUnitPath])
            #expect(verified.status == 0, "\(verified.output)")
        }
        #expect(first.standardOutput.contains("Created system user \(user) (uid \(uid))."))
        #expect(first.standardOutput.contains("Created \(root)/var/lib/contactsd (owner \(user), mode 0700)."))
        #expect(first.standardOutput.contains("Wrote \(unitPath)."))
        #expect(first.standardOutput.hasSuffix("Next: systemctl daemon-reload && systemctl enable --now contactsd\n"))

        // Every desktop session starts the person's agent, this very tool, on the installed socket.
        let autostartPath = root + "/etc/xdg/autostart/org.swift-contacts.agent.desktop"
        #expect(try AdministrationSupport.status(autostartPath).mode == 0o644)
        let autostart = try String(contentsOfFile: autostartPath, encoding: .utf8)
        let tool = try CommandLineHarness.product("contacts").resolvingSymlinksInPath().path
        let entryLines = autostart.split(separator: "\n").map(String.init)
        #expect(entryLines.first == "[Desktop Entry]")
        #expect(entryLines.contains("Exec=\(tool) agent --open --socket /run/contactsd/contactsd.sock"))
        #expect(entryLines.contains("Type=Application") && entryLines.contains("NoDisplay=true"))
        #expect(first.standardOutput.contains("Wrote \(autostartPath)."))
        let registerLine =
            "The sessions' agent answers nobody until the administrator registers it: contacts apps register \(tool) "
            + "--bundle-id org.swift-contacts.contacts --name Contacts --usage \"Answers apps for you.\" "
            + "--entitlement org.swift-contacts.person-agent"
        #expect(first.standardOutput.contains(registerLine + "\n"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/desktop-file-validate") {
            let validated = try AdministrationSupport.run(["/usr/bin/desktop-file-validate", autostartPath])
            #expect(validated.status == 0, "\(validated.output)")
        }

        let second = try harness.contacts(arguments, store: false)
        #expect(second.status == 0, "\(second.standardError)")
        // A build folder the unit hides (a clone under /tmp or /root, as in CI) adds a warning; the rest is fixed.
        let warnings = second.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Warning: ") }
        let installed = try CommandLineHarness.product("contactsd").resolvingSymlinksInPath().path
        let hidden = ["/home/", "/root/", "/run/user/", "/tmp/"].contains { installed.hasPrefix($0) }
        #expect(warnings.count == (hidden ? 1 : 0), "\(warnings)")
        let secondOutput = second.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("Warning: ") }.joined(separator: "\n")
        #expect(
            secondOutput == """
                System user \(user) exists (uid \(uid)).
                \(root)/var/lib/contactsd is in place (owner \(user), mode 0700).
                \(root)/etc/contacts/apps is in place (owner root, mode 0755).
                \(unitPath) is up to date.
                \(socketUnitPath) is up to date.
                \(autostartPath) is up to date.
                \(registerLine)
                Nothing changed: contactsd is installed.
                Next, if it is not running: systemctl enable --now contactsd

                """)
        #expect(try String(contentsOfFile: unitPath, encoding: .utf8) == unit)

        // Someone loosened the state directory: the next run puts it right, and says so.
        chmod(root + "/var/lib/contactsd", 0o755)
        let third = try harness.contacts(arguments, store: false)
        #expect(
            third.standardOutput.contains(
                "Set \(root)/var/lib/contactsd to owner \(user), mode 0700 (was uid \(uid), mode 0755)."))
        #expect(try AdministrationSupport.status(root + "/var/lib/contactsd").mode == 0o700)

        // Once the tool is registered as the person's agent, the install stops asking for it.
        let registered = try harness.contacts(
            [
                "apps", "register", tool, "--bundle-id", "org.swift-contacts.contacts", "--usage",
                "Answers apps for you.",
                "--entitlement", "org.swift-contacts.person-agent", "--registry", root + "/etc/contacts/apps",
            ], store: false)
        #expect(registered.status == 0, "\(registered.standardError)")
        let fourth = try harness.contacts(arguments, store: false)
        #expect(!fourth.standardOutput.contains("answers nobody"), "\(fourth.standardOutput)")
    }

    @Test func noAgentAutostartWritesNoAutostartEntry() throws {
        try AdministrationSupport.requireRoot()
        let harness = try CommandLineHarness()
        let user = "contactsd-test-n"
        AdministrationSupport.deleteUser(user)
        defer { AdministrationSupport.deleteUser(user) }
        let root = harness.realDirectory.appendingPathComponent("root").path
        let result = try harness.contacts(
            ["daemon", "install", "--root", root, "--user", user, "--no-agent-autostart"], store: false)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: root + "/etc/systemd/system/contactsd.service"))
        #expect(!FileManager.default.fileExists(atPath: root + "/etc/xdg/autostart"))
        #expect(!result.standardOutput.contains("agent"))
    }

    @Test(arguments: [
        ("/usr/bin/contacts", "/usr/bin/contacts"),
        ("/opt/my apps/contacts", "\"/opt/my apps/contacts\""),
        ("/opt/a$b`c\"d\\e/contacts", "\"/opt/a\\$b\\`c\\\"d\\\\e/contacts\""),
        ("/opt/100%/contacts", "/opt/100%%/contacts"),
    ])
    func anAutostartArgumentIsQuotedAsTheDesktopEntrySpecificationAsks(path: String, exec: String) {
        #expect(AgentAutostart.execArgument(path) == exec)
    }

    @Test func aMissingExecutableIsRefusedBeforeAnythingIsWritten() throws {
        try AdministrationSupport.requireRoot()
        let harness = try CommandLineHarness()
        let root = harness.realDirectory.appendingPathComponent("root").path
        let result = try harness.contacts(
            ["daemon", "install", "--root", root, "--user", "contactsd-test-never", "--executable", root + "/nothing"],
            store: false)
        #expect(result.status == 66)
        #expect(getpwnam("contactsd-test-never") == nil)
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    @Test func aSocketOutsideRunIsTheSocketUnitsAndTheDaemonWritesOnlyItsState() {
        let unit = SystemdUnit(
            user: "contactsd", executable: "/usr/local/bin/contactsd", socket: "/srv/contacts/contactsd.sock",
            stateDirectory: "/srv/contacts/state", registryDirectory: "/etc/contacts/apps")
        #expect(!unit.text.contains("RuntimeDirectory"))
        #expect(unit.text.contains("\nReadWritePaths=/srv/contacts/state\n"))
        #expect(SystemdSocketUnit(socket: unit.socket).text.contains("\nListenStream=/srv/contacts/contactsd.sock\n"))
        #expect(
            SystemdSocketUnit(socket: "/run/my apps/c.sock").text.contains("\nListenStream=\"/run/my apps/c.sock\"\n"))
        let spaced = SystemdUnit(
            user: "contactsd", executable: "/opt/My Apps/contactsd", socket: "/run/contactsd/contactsd.sock",
            stateDirectory: "/var/lib/contacts 100%", registryDirectory: "/etc/contacts/apps")
        #expect(spaced.text.contains("ExecStart=\"/opt/My Apps/contactsd\" --socket /run/contactsd/contactsd.sock"))
        #expect(spaced.text.contains("--state \"/var/lib/contacts 100%%\""))
    }
}
