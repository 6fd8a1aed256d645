import Foundation

/// A process's AppArmor confinement, as the kernel reports it in `/proc/PID/attr/apparmor/current` (or, on
/// kernels with a single LSM interface, `/proc/PID/attr/current`): `PROFILE (MODE)`, or `unconfined`.
///
/// snapd confines each app of a snap with the profile `snap.NAME.APP` (hooks: `snap.NAME.hook.HOOK`), so the
/// label names the snap, and only root can load profiles or move a process out of one. The daemon reads the
/// snap's name from it, as xdg-desktop-portal identifies snaps by their AppArmor label.
struct AppArmorLabel: Sendable, Hashable {
    /// The profile name; `unconfined` for an unconfined process.
    var profile: String
    /// The mode in parentheses (`enforce`, `complain`, `kill`...); nil for `unconfined`.
    var mode: String?

    /// Parses a label; nil for an empty or malformed one.
    init?(parsing text: String) {
        // The kernel ends the label with a newline (and sometimes a NUL).
        let label = text.trimmingCharacters(in: CharacterSet(charactersIn: "\n\0"))
        guard !label.isEmpty, !label.contains("\n"), !label.contains("\0") else { return nil }
        if label == "unconfined" {
            profile = label
            mode = nil
            return
        }
        guard label.hasSuffix(")"), let open = label.range(of: " (", options: .backwards) else { return nil }
        profile = String(label[..<open.lowerBound])
        mode = String(label[open.upperBound..<label.index(before: label.endIndex)])
        guard !profile.isEmpty, let mode, !mode.isEmpty else { return nil }
    }

    /// Whether the profile is one of snapd's (`snap.` followed by anything): such a peer is a snap, or
    /// nothing the daemon may serve.
    var isSnapProfile: Bool { profile.hasPrefix("snap.") }

    /// The snap's name, when the profile is snapd's well-formed `snap.NAME.APP` or `snap.NAME.hook.HOOK`.
    ///
    /// NAME is a snap name (lowercase letters, digits and `-`), with an optional `_KEY` instance suffix for a
    /// parallel install; the instance is part of the name the administrator registers.
    var snapName: String? {
        let parts = profile.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "snap" else { return nil }
        guard parts.count == 3 || (parts.count == 4 && parts[2] == "hook") else { return nil }
        guard parts.dropFirst().allSatisfy({ !$0.isEmpty }) else { return nil }
        let name = String(parts[1])
        return Self.isValidSnapName(name) ? name : nil
    }

    /// Whether the profile confines the process: a snap in `complain` mode (devmode) is only logged, so nothing
    /// binds what it runs to the snap it names.
    var isEnforced: Bool { mode == "enforce" }

    /// snapd's naming rule, with the optional instance key (`name_key`): lowercase ASCII letters, digits and
    /// single hyphens, at least one letter, no hyphen at either end; 40 characters at most.
    static func isValidSnapName(_ name: String) -> Bool {
        let pieces = name.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        let base = pieces[0]
        guard !base.isEmpty, base.count <= 40, !base.hasPrefix("-"), !base.hasSuffix("-"), !base.contains("--") else {
            return false
        }
        let lowercase = ("a"..."z") as ClosedRange<Unicode.Scalar>
        let digits = ("0"..."9") as ClosedRange<Unicode.Scalar>
        guard base.unicodeScalars.allSatisfy({ lowercase.contains($0) || digits.contains($0) || $0 == "-" }),
            base.unicodeScalars.contains(where: { lowercase.contains($0) })
        else { return false }
        guard pieces.count == 2 else { return true }
        let key = pieces[1]
        return !key.isEmpty && key.count <= 10
            && key.unicodeScalars.allSatisfy { lowercase.contains($0) || digits.contains($0) }
    }

    /// The label of a process, from the interface the kernel has; nil without AppArmor (or when unreadable).
    static func read(pid: pid_t, procRoot: String) -> String? {
        for file in ["attr/apparmor/current", "attr/current"] {
            if let text = ProcFile.read("\(procRoot)/\(pid)/\(file)"), !text.isEmpty { return text }
        }
        return nil
    }
}
