import Foundation

/// Where the daemon finds the system's installed sandboxed apps, against which a sandboxed peer's code is
/// checked (docs/Daemon.md, "Sandboxed apps").
package struct SandboxConfiguration: Sendable {
    /// Flatpak's system-wide installations (`/var/lib/flatpak`): a Flatpak peer's executable must be a root-owned
    /// file of its app's deployment in one of them. A per-user installation (`~/.local/share/flatpak`) belongs
    /// to the user, whose other programs could change it, so it is not listed.
    package var flatpakInstallations: [URL] = [URL(fileURLWithPath: "/var/lib/flatpak")]
    /// Where snapd mounts snaps (`/snap`): a snap peer's executable must be a root-owned file under `NAME/` there.
    package var snapMountDirectory = URL(fileURLWithPath: "/snap")
    /// The AppArmor label of a process, given its pid and the proc root. Tests inject one: this machine runs no
    /// AppArmor and no snapd.
    package var appArmorLabel: @Sendable (pid_t, String) -> String? = { AppArmorLabel.read(pid: $0, procRoot: $1) }

    package init() {}
}
