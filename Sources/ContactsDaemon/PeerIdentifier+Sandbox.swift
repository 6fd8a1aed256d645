import ContactsPrivacy
import Foundation

/// Sandboxed apps, known by their sandbox as xdg-desktop-portal knows them: a Flatpak app by the `[Application]
/// name` of the `/.flatpak-info` in its root, a snap by its AppArmor profile `snap.NAME.APP`. Who the app is
/// (name, purpose string, entitlements) comes from the administrator's registry entry for that id, never from
/// the sandbox's files.
///
/// The sandbox's word alone is not enough here, unlike for the portal (which treats every unsandboxed process
/// as fully trusted anyway): an unsandboxed process of the same user can build a sandbox of its own that names
/// any app. So the peer must also run its app's installed code: its executable must be the root-owned file of the
/// system's installation of that app, and all its code root-owned files, with no tracer. docs/ThreatModel.md
/// says what this does and does not stop.
extension PeerIdentifier {
    /// The identity of a sandboxed peer, nil for a peer in no sandbox the daemon knows (a host app), or an error
    /// when the peer is sandboxed but not to be served, or cannot be inspected at all.
    func identifySandboxed(_ peer: PeerCredentials) throws(DaemonError) -> AppIdentity? {
        switch FlatpakInfo.lookup(pid: peer.pid, procRoot: procRoot) {
        case .unusable(let reason):
            throw DaemonError(.peerUnknown, reason)
        case .present(let info):
            return try identifyFlatpak(info, peer)
        case .absent:
            break
        }
        guard let text = sandboxes.appArmorLabel(peer.pid, procRoot), let label = AppArmorLabel(parsing: text),
            label.isSnapProfile
        else { return nil }
        return try identifySnap(label, peer)
    }

    private func identifyFlatpak(_ info: FlatpakInfo, _ peer: PeerCredentials) throws(DaemonError) -> AppIdentity {
        let id = info.applicationName
        guard let entry = registry.sandboxedEntry(.flatpak, id: id) else {
            throw DaemonError(
                .unregisteredApp,
                "the Flatpak app \(id) is not a registered app; an administrator registers it with "
                    + "'contacts apps register --flatpak \(id) --usage TEXT'")
        }
        try requireUsageDescription(entry, fix: "--flatpak \(id)")
        guard let deployment = flatpakDeployment(info) else {
            throw DaemonError(
                .modifiedExecutable,
                "process \(peer.pid) claims the Flatpak app \(id), which no system installation deploys there")
        }
        if let mismatch = InstalledExecutable.mismatch(
            pid: peer.pid, procRoot: procRoot, sandboxPath: "/app", hostDirectory: deployment.files,
            trustedBase: deployment.installation)
        {
            throw DaemonError(.modifiedExecutable, mismatch)
        }
        try requireUntamperedCode(peer)
        return entry.identity
    }

    private func identifySnap(_ label: AppArmorLabel, _ peer: PeerCredentials) throws(DaemonError) -> AppIdentity {
        guard let name = label.snapName else {
            throw DaemonError(.peerUnknown, "process \(peer.pid) has a malformed snap AppArmor profile")
        }
        // A devmode snap's profile only logs: nothing holds the process to the snap it names.
        guard label.isEnforced else {
            throw DaemonError(
                .peerUnknown, "the snap \(name) of process \(peer.pid) is not confined (AppArmor complain mode)")
        }
        guard let entry = registry.sandboxedEntry(.snap, id: name) else {
            throw DaemonError(
                .unregisteredApp,
                "the snap \(name) is not a registered app; an administrator registers it with "
                    + "'contacts apps register --snap \(name) --bundle-id ID --usage TEXT'")
        }
        try requireUsageDescription(entry, fix: "--snap \(name) --bundle-id \(entry.bundleIdentifier)")
        let snapRoot = sandboxes.snapMountDirectory.resolvingSymlinksInPath().path
        if let mismatch = InstalledExecutable.mismatch(
            pid: peer.pid, procRoot: procRoot, sandboxPath: "\(snapRoot)/\(name)", hostDirectory: "\(snapRoot)/\(name)",
            trustedBase: snapRoot)
        {
            throw DaemonError(.modifiedExecutable, mismatch)
        }
        try requireUntamperedCode(peer)
        return entry.identity
    }

    /// The gate stops an app without a purpose string; here that would be the daemon, so the app is refused.
    private func requireUsageDescription(_ entry: AppRegistry.SandboxedEntry, fix: String) throws(DaemonError) {
        guard let usage = entry.usageDescription, !usage.isEmpty else {
            throw DaemonError(
                .incompleteRegistration,
                "\(entry.bundleIdentifier) has no usage description; an administrator registers it again with "
                    + "'contacts apps register \(fix) --usage TEXT'")
        }
    }

    /// The host directory of a Flatpak app's files (its `[Instance] app-path`), when it lies inside the app's own
    /// directory of a configured system installation; the sandbox names the deployment (so an instance started
    /// before an update still matches), and the daemon accepts only one of that app's.
    private func flatpakDeployment(_ info: FlatpakInfo) -> (installation: String, files: String)? {
        guard let appPath = info.appPath, InstalledExecutable.isPlainAbsolutePath(appPath) else { return nil }
        let resolved = URL(fileURLWithPath: appPath).resolvingSymlinksInPath().path
        for installation in sandboxes.flatpakInstallations {
            let base = installation.resolvingSymlinksInPath().path
            if resolved.hasPrefix("\(base)/app/\(info.applicationName)/") {
                return (base, resolved)
            }
        }
        return nil
    }

    /// The host path's process checks, on the peer's own view of its files: no tracer, and no code but
    /// root-owned files; then the pidfd, since a process that exited meanwhile left its PID to another.
    private func requireUntamperedCode(_ peer: PeerCredentials) throws(DaemonError) {
        let process = "\(procRoot)/\(peer.pid)"
        guard let status = ProcFile.read("\(process)/status"), let maps = ProcFile.read("\(process)/maps") else {
            throw DaemonError(.peerUnknown, "cannot read the state of process \(peer.pid)")
        }
        if let tracer = Self.tracerPID(statusText: status), tracer != 0 {
            throw DaemonError(.tracedProcess, "process \(peer.pid) is traced by process \(tracer)")
        }
        if let foreign = MappedCode.firstUnverified(maps: maps, pid: peer.pid, procRoot: procRoot) {
            throw DaemonError(
                .injectedCode, "process \(peer.pid) runs code from \(foreign), which is not a system file")
        }
        guard peer.isStillRunning else {
            throw DaemonError(.peerUnknown, "process \(peer.pid) exited while it was identified")
        }
    }
}
