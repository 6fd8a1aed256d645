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
        let maps = """
            5563c83b2000-5563c83b7000 r-xp 00002000 fe:00 253911                     /usr/bin/app
            7fd50713c000-7fd507292000 r-xp 00026000 fe:00 333151                     /usr/lib/x86_64-linux-gnu/libc.so.6
            7fd507301000-7fd507302000 r--p 00000000 fe:00 16294645                   \(library.path)
            7fd507302000-7fd507303000 r-xp 00001000 fe:00 16294645                   \(library.path)
            7ffd1c5f0000-7ffd1c5f2000 r-xp 00000000 00:00 0                          [vdso]
            """
        // Writable by others: not a system file, even when root owns it.
        #expect(PeerIdentifier.foreignMappedFile(maps: maps, executable: "/usr/bin/app") == library.path)
        let clean = maps.split(separator: "\n").filter { !$0.contains(library.path) }.joined(separator: "\n")
        #expect(PeerIdentifier.foreignMappedFile(maps: clean, executable: "/usr/bin/app") == nil)
    }

    @Test func aProcessThatExitedIsNotTakenForTheOneThatConnected() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["0.2"]
        try process.run()
        // pidfd_open(2) (glibc 2.36), looked up at run time: the same kind of descriptor SO_PEERPIDFD gives.
        typealias PIDFDOpen = @convention(c) (pid_t, UInt32) -> Int32
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open"), "no pidfd_open in this libc")
        let pidfd = unsafeBitCast(symbol, to: PIDFDOpen.self)(process.processIdentifier, 0)
        try #require(pidfd >= 0, "this kernel has no pidfd_open")
        let peer = PeerCredentials(pid: process.processIdentifier, uid: getuid(), gid: getgid(), pidfd: pidfd)
        defer { peer.close() }
        #expect(peer.isStillRunning)
        process.waitUntilExit()
        #expect(!peer.isStillRunning, "once it exited, its PID may name another process")
    }
}
