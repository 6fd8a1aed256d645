import Foundation
import Testing

@testable import ContactsDaemon

@Suite struct PeerIdentifierTests {
    @Test func aTracedProcessIsSeenInItsStatus() {
        #expect(PeerIdentifier.tracerPID(statusText: "Name:\tapp\nTracerPid:\t4242\nUid:\t1000\n") == 4242)
        #expect(PeerIdentifier.tracerPID(statusText: "Name:\tapp\nTracerPid:\t0\n") == 0)
    }

    @Test func codeMappedFromAFileThatIsNotTheSystemsIsFound() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let library = directory.appendingPathComponent("spy.so")
        try Data([0]).write(to: library)
        chmod(library.path, 0o777)
        // A proc root whose process sees the host's files (its root is /) and runs a copy of true.
        let process = directory.appendingPathComponent("proc/42")
        try FileManager.default.createDirectory(at: process, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: process.appendingPathComponent("root").path, withDestinationPath: "/")
        let app = directory.appendingPathComponent("app")
        try FileManager.default.copyItem(atPath: "/usr/bin/true", toPath: app.path)
        chmod(app.path, 0o777)
        try FileManager.default.createSymbolicLink(
            atPath: process.appendingPathComponent("exe").path, withDestinationPath: app.path)
        let procRoot = directory.appendingPathComponent("proc").path
        func line(_ path: String, inode: UInt64? = nil) -> String {
            var status = stat()
            _ = stat(path, &status)
            let device = UInt64(status.st_dev)
            let major = String(MappedCode.major(of: device), radix: 16)
            let minor = String(MappedCode.minor(of: device), radix: 16)
            return
                "7fd507302000-7fd507303000 r-xp 00001000 \(major):\(minor) \(inode ?? UInt64(status.st_ino))    \(path)"
        }
        let libc = "/usr/lib/x86_64-linux-gnu/libc.so.6"
        let clean = [line(app.path), line(libc), "7ffd1c5f0000-7ffd1c5f2000 r-xp 00000000 00:00 0    [vdso]"]
        #expect(
            MappedCode.firstUnverified(
                maps: clean.joined(separator: "\n"), pid: 42, procRoot: procRoot, exceptExecutable: true) == nil)
        // The executable is the registered app's business (its hash), not a system file's.
        #expect(
            MappedCode.firstUnverified(maps: clean.joined(separator: "\n"), pid: 42, procRoot: procRoot) == app.path)
        // Writable by others: not a system file, even when root owns it.
        let spied = clean + [line(library.path)]
        #expect(
            MappedCode.firstUnverified(
                maps: spied.joined(separator: "\n"), pid: 42, procRoot: procRoot, exceptExecutable: true)
                == library.path)
        // A system file's path, but another inode: what a mount namespace of the user's own shows.
        let shadowed = clean + [line(libc, inode: 1)]
        #expect(
            MappedCode.firstUnverified(
                maps: shadowed.joined(separator: "\n"), pid: 42, procRoot: procRoot, exceptExecutable: true) == libc)
    }

    @Test func aProcessThatExitedIsNotTakenForTheOneThatConnected() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["0.2"]
        try process.run()
        // pidfd_open(2) (glibc 2.36), looked up at run time: the same kind of descriptor SO_PEERPIDFD gives.
        typealias PIDFDOpen = @convention(c) (pid_t, UInt32) -> Int32
        let symbol = try #require(
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open"), "no pidfd_open in this libc")
        let pidfd = unsafeBitCast(symbol, to: PIDFDOpen.self)(process.processIdentifier, 0)
        try #require(pidfd >= 0, "this kernel has no pidfd_open")
        let peer = PeerCredentials(pid: process.processIdentifier, uid: getuid(), gid: getgid(), pidfd: pidfd)
        defer { peer.close() }
        #expect(peer.isStillRunning)
        process.waitUntilExit()
        #expect(!peer.isStillRunning, "once it exited, its PID may name another process")
    }
}
