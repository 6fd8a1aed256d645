import Foundation
import Testing

@testable import ContactsDaemon

/// `/.flatpak-info` as the daemon reads it, the AppArmor labels of snaps, and the rule that a peer the daemon
/// cannot inspect is never taken for a host app.
@Suite struct SandboxParsingTests {
    @Test func flatpakInfoGivesTheAppIDAndTheInstance() throws {
        let info = try FlatpakInfo(
            parsing: FlatpakSandbox.infoText(
                id: "org.example.Friends", appPath: "/var/lib/flatpak/app/org.example.Friends/x86_64/stable/abc/files"))
        #expect(info.applicationName == "org.example.Friends")
        #expect(info.instanceID == "1234567890")
        #expect(info.appPath == "/var/lib/flatpak/app/org.example.Friends/x86_64/stable/abc/files")
        let commented = try FlatpakInfo(
            parsing: "# written by flatpak\n[Application]\n  name = org.example.A_b-c \nname[de]=x\n")
        #expect(commented.applicationName == "org.example.A_b-c")
        #expect(commented.appPath == nil)
        #expect(
            try FlatpakInfo(parsing: "[Application]\nname=org.example.App\n[Instance]\napp-path=/a\\sb\n").appPath
                == "/a b")
    }

    @Test(arguments: [
        "", "[Application]\n", "name=org.example.App\n",
        "[Application]\nname=org.example.App\nname=org.example.Other\n",
        "[Application]\nname=org.example.App\n[Application]\nname=org.example.Other\n",
        "[Application\nname=org.example.App\n",
        "[Application]\nname\n", "[Application]\nname=example.App\n", "[Application]\nname=org.example.1App\n",
        "[Application]\nname=org.example/../x.App\n", "[Application]\nname=org..App\n",
        "[Application]\nname=org.example.App\\q\n",
        "[Instance]\nname=org.example.App\n",
    ])
    func aMalformedOrAmbiguousFlatpakInfoIsRefused(text: String) {
        #expect(throws: FlatpakInfo.ParseError.self) { try FlatpakInfo(parsing: text) }
    }

    @Test func snapLabelsNameTheSnap() throws {
        let app = try #require(AppArmorLabel(parsing: "snap.friends.friends (enforce)\n"))
        #expect(app.snapName == "friends")
        #expect(app.isEnforced)
        #expect(AppArmorLabel(parsing: "snap.friends.hook.configure (enforce)")?.snapName == "friends")
        #expect(AppArmorLabel(parsing: "snap.friends_beta.daemon (enforce)\0")?.snapName == "friends_beta")
        let devmode = try #require(AppArmorLabel(parsing: "snap.friends.friends (complain)\n"))
        #expect(devmode.snapName == "friends")
        #expect(!devmode.isEnforced)
        let unconfined = try #require(AppArmorLabel(parsing: "unconfined\n"))
        #expect(!unconfined.isSnapProfile)
        #expect(unconfined.mode == nil)
        #expect(AppArmorLabel(parsing: "/usr/bin/evince (enforce)")?.isSnapProfile == false)
        for malformed in [
            "snap.friends (enforce)", "snap..friends (enforce)", "snap.Friends.app (enforce)",
            "snap.friends.app.extra (enforce)", "snap.-friends.app (enforce)", "snap.friends_.app (enforce)",
        ] {
            let label = try #require(AppArmorLabel(parsing: malformed), "\(malformed)")
            #expect(label.isSnapProfile && label.snapName == nil, "\(malformed)")
        }
        #expect(AppArmorLabel(parsing: "") == nil)
        #expect(AppArmorLabel(parsing: "snap.friends.friends") == nil)
        #expect(AppArmorLabel(parsing: "snap.friends.friends (enforce)\nunconfined") == nil)
    }

    @Test func mappedFilesAreTakenWithTheirDeviceAndInode() {
        let maps = """
            5563c83b2000-5563c83b7000 r-xp 00002000 fe:00 253911                     /app/bin/friends
            5563c83b7000-5563c83b9000 r--p 00007000 fe:00 253911                     /app/bin/friends
            7fd50713c000-7fd507292000 r-xp 00026000 103:02 333151                    /usr/lib/lib with space.so
            7fd507302000-7fd507303000 r-xp 00001000 00:05 16294645                   /memfd:spy (deleted)
            7ffd1c5f0000-7ffd1c5f2000 r-xp 00000000 00:00 0                          [vdso]
            """
        #expect(
            MappedCode.executableMappings(maps: maps) == [
                MappedCode.Mapping(path: "/app/bin/friends", major: 0xfe, minor: 0, inode: 253911),
                MappedCode.Mapping(path: "/usr/lib/lib with space.so", major: 0x103, minor: 2, inode: 333151),
                MappedCode.Mapping(path: "/memfd:spy (deleted)", major: 0, minor: 5, inode: 16_294_645),
            ])
        // glibc's makedev layout: minor's low byte, major's low 12 bits, then the high bits of each.
        #expect(MappedCode.major(of: 0xfe00) == 0xfe && MappedCode.minor(of: 0xfe00) == 0)
        #expect(MappedCode.major(of: 0x10302) == 0x103 && MappedCode.minor(of: 0x10302) == 2)
        #expect(MappedCode.major(of: 0x1230_0145) == 1 && MappedCode.minor(of: 0x1230_0145) == 0x12345)
    }

    @Test func aPeerThatNamesASnapMustBeAConfinedRegisteredSnap() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = directory.appendingPathComponent("apps")
        try FileManager.default.createDirectory(at: registry, withIntermediateDirectories: true)
        // This process, labelled as a snap whose executable is not under the snap's mount.
        func identify(_ label: String) -> DaemonError? {
            var sandboxes = SandboxConfiguration()
            sandboxes.snapMountDirectory = directory.appendingPathComponent("snap")
            sandboxes.appArmorLabel = { _, _ in label }
            let identifier = PeerIdentifier(
                registry: AppRegistry(directory: registry, trustedOwner: geteuid()), sandboxes: sandboxes)
            do {
                _ = try identifier.identify(PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid(), pidfd: nil))
                return nil
            } catch {
                return error
            }
        }
        #expect(
            identify("snap.friends.friends (enforce)\n")?.message.contains(
                "contacts apps register --snap friends --bundle-id ID --usage TEXT") == true)
        #expect(identify("snap.friends.friends (complain)\n")?.message.contains("complain") == true)
        #expect(identify("snap.friends (enforce)\n")?.message.contains("malformed") == true)
        try AppRegistry.register(
            sandbox: .snap, id: "friends", bundleIdentifier: "org.example.friends", usageDescription: "Friends.",
            in: registry)
        #expect(identify("snap.friends.friends (enforce)\n")?.code == .modifiedExecutable, "not the snap's code")
        // Not a snap label: the host path decides (this test binary is not registered).
        #expect(identify("unconfined\n")?.code == .unregisteredApp)
    }

    @Test(.enabled(if: geteuid() == 0, "the snap's files must be root's"))
    func aRegisteredSnapRunningItsInstalledCodeIsKnownByItsName() throws {
        let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("snap-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bin = directory.appendingPathComponent("snap/friends/7/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        try FileManager.default.copyItem(atPath: "/usr/bin/sleep", toPath: bin.appendingPathComponent("friends").path)
        let registry = directory.appendingPathComponent("apps")
        try AppRegistry.register(
            sandbox: .snap, id: "friends", bundleIdentifier: "org.example.friends", displayName: "Friends",
            usageDescription: "Friends.", in: registry)
        let process = Process()
        process.executableURL = bin.appendingPathComponent("friends")
        process.arguments = ["300"]
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let peer = PeerCredentials(
            pid: process.processIdentifier, uid: getuid(), gid: getgid(),
            pidfd: try openPIDFD(process.processIdentifier))
        defer { peer.close() }
        var sandboxes = SandboxConfiguration()
        sandboxes.snapMountDirectory = directory.appendingPathComponent("snap")
        sandboxes.appArmorLabel = { pid, _ in
            pid == process.processIdentifier ? "snap.friends.friends (enforce)\n" : nil
        }
        let identifier = PeerIdentifier(
            registry: AppRegistry(directory: registry, trustedOwner: geteuid()), sandboxes: sandboxes)
        #expect(try identifier.identify(peer).bundleIdentifier == "org.example.friends")
        // The same installed code, labelled as another registered snap: not that snap's file.
        try AppRegistry.register(
            sandbox: .snap, id: "other", bundleIdentifier: "org.example.other", usageDescription: "O.", in: registry)
        sandboxes.appArmorLabel = { _, _ in "snap.other.other (enforce)\n" }
        let relabelled = PeerIdentifier(
            registry: AppRegistry(directory: registry, trustedOwner: geteuid()), sandboxes: sandboxes)
        #expect(throws: DaemonError.self) { try relabelled.identify(peer) }
    }

    @Test func aPeerWhoseRootCannotBeReadIsNotTakenForAHostApp() throws {
        // An undumpable process (prctl PR_SET_DUMPABLE 0, or a setuid re-exec) keeps a daemon without
        // CAP_SYS_PTRACE out of its /proc entries. Here the proc root is a copy in which the peer's root cannot
        // be opened, while its exe, status and maps read as those of a registered host app.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = directory.appendingPathComponent("apps")
        let executable = directory.appendingPathComponent("friends")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/bin/true", toPath: executable.path)
        try AppRegistry.register(
            executable: executable.path, bundleIdentifier: "org.example.host", usageDescription: "Host.", in: registry)
        let process = directory.appendingPathComponent("proc/\(getpid())")
        try FileManager.default.createDirectory(at: process, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: process.appendingPathComponent("exe").path, withDestinationPath: executable.path)
        try Data("Name:\tfriends\nTracerPid:\t0\n".utf8).write(to: process.appendingPathComponent("status"))
        try Data().write(to: process.appendingPathComponent("maps"))
        let identifier = PeerIdentifier(
            registry: AppRegistry(directory: registry, trustedOwner: geteuid()),
            procRoot: directory.appendingPathComponent("proc").path)
        let peer = PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid(), pidfd: nil)
        // The root readable and holding no .flatpak-info: a host app, and this one is registered.
        try FileManager.default.createDirectory(
            at: process.appendingPathComponent("root"), withIntermediateDirectories: true)
        #expect(try identifier.identify(peer).bundleIdentifier == "org.example.host")
        // The root unreadable: nothing, although the host path would have passed.
        try FileManager.default.removeItem(at: process.appendingPathComponent("root"))
        #expect(throws: DaemonError.self) { try identifier.identify(peer) }
        do {
            _ = try identifier.identify(peer)
        } catch {
            #expect(error.code == .peerUnknown)
            #expect(error.message.contains("cannot open the root"))
        }
    }
}
