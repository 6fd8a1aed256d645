import ContactsPrivacy
import Foundation

/// Decides which app a peer process is, from the kernel's view of it, and refuses what cannot be trusted.
///
/// The executable is `/proc/PID/exe` (the file the kernel mapped, not `argv[0]`); it must be registered, and its
/// bytes must hash to the registered SHA-256 (a modified copy, or a file replaced after registration, is
/// refused). A process being traced (`TracerPid` in `/proc/PID/status`) or with code mapped from files that are
/// neither the registered executable nor root-owned system files (an `LD_PRELOAD` library in a home directory,
/// say) is refused. The pidfd is checked last: if the process exited meanwhile, its PID may name another
/// process now, and nothing read through `/proc` counts.
struct PeerIdentifier: Sendable {
    let registry: AppRegistry
    /// The root of the proc file system (tests may point elsewhere).
    var procRoot = "/proc"
    /// Where sandboxed apps are installed (PeerIdentifier+Sandbox.swift).
    var sandboxes = SandboxConfiguration()

    func identify(_ peer: PeerCredentials) throws(DaemonError) -> AppIdentity {
        // A sandboxed app is known by its sandbox; one whose sandbox cannot be read is refused there, never
        // taken for a host app.
        if let sandboxed = try identifySandboxed(peer) { return sandboxed }
        let process = "\(procRoot)/\(peer.pid)"
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(process)/exe") else {
            throw DaemonError(.peerUnknown, "cannot resolve the executable of process \(peer.pid)")
        }
        guard let entry = registry.entries()[executable] else {
            throw DaemonError(
                .unregisteredApp,
                "\(executable) is not a registered app; an administrator registers it with 'contacts apps register \(executable) --bundle-id ID'"
            )
        }
        // The gate stops a process whose app has no purpose string (Apple's rule); here that process would be
        // the daemon, serving everyone. So the app is refused instead, with the fix.
        guard let usage = entry.usageDescription, !usage.isEmpty else {
            throw DaemonError(
                .incompleteRegistration,
                "\(entry.bundleIdentifier) has no usage description; an administrator registers it again with "
                    + "'contacts apps register \(executable) --bundle-id \(entry.bundleIdentifier) --usage TEXT'")
        }
        // Hashing /proc/PID/exe reads the very file the process runs, even if the path was replaced since.
        let digest: String
        do {
            digest = try AppRegistry.sha256(ofFileAt: "\(process)/exe")
        } catch {
            throw DaemonError(.peerUnknown, "cannot read the executable of process \(peer.pid)")
        }
        guard digest == entry.sha256.lowercased() else {
            throw DaemonError(.modifiedExecutable, "\(executable) does not match its registered SHA-256")
        }
        guard let status = ProcFile.read("\(process)/status"), let maps = ProcFile.read("\(process)/maps") else {
            throw DaemonError(.peerUnknown, "cannot read the state of process \(peer.pid)")
        }
        if let tracer = Self.tracerPID(statusText: status),
            tracer != 0
        {
            throw DaemonError(.tracedProcess, "process \(peer.pid) is traced by process \(tracer)")
        }
        if let foreign = MappedCode.firstUnverified(
            maps: maps, pid: peer.pid, procRoot: procRoot, exceptExecutable: true)
        {
            throw DaemonError(
                .injectedCode, "process \(peer.pid) runs code from \(foreign), which is not a system file")
        }
        guard peer.isStillRunning else {
            throw DaemonError(.peerUnknown, "process \(peer.pid) exited while it was identified")
        }
        return entry.identity
    }

    /// The `TracerPid:` of a `/proc/PID/status` text.
    static func tracerPID(statusText: String) -> Int? {
        for line in statusText.split(separator: "\n") where line.hasPrefix("TracerPid:") {
            return Int(line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
