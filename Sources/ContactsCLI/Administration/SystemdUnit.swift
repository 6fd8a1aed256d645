import Foundation

/// The systemd unit `contacts daemon install` writes: contactsd under its own user, with one capability.
///
/// docs/Daemon.md ("Installing") explains each setting.
package struct SystemdUnit: Hashable, Sendable {
    /// The file name under /etc/systemd/system.
    package static let fileName = "contactsd.service"

    package var user: String
    package var executable: String
    package var socket: String
    package var stateDirectory: String
    package var registryDirectory: String

    package init(user: String, executable: String, socket: String, stateDirectory: String, registryDirectory: String) {
        self.user = user
        self.executable = executable
        self.socket = socket
        self.stateDirectory = stateDirectory
        self.registryDirectory = registryDirectory
    }

    /// `RuntimeDirectory=` for a socket under /run (systemd creates and removes it); nil elsewhere.
    package var runtimeDirectory: String? {
        let folder = (socket as NSString).deletingLastPathComponent
        guard folder.hasPrefix("/run/"), folder.count > "/run/".count else { return nil }
        return String(folder.dropFirst("/run/".count))
    }

    /// The folders the daemon may write besides its runtime directory: the state, and a socket's folder
    /// outside /run.
    package var writablePaths: [String] {
        runtimeDirectory == nil ? [stateDirectory, (socket as NSString).deletingLastPathComponent] : [stateDirectory]
    }

    /// The unit file's text.
    package var text: String {
        var lines = [
            "# Written by 'contacts daemon install'; docs/Daemon.md explains each setting.",
            "[Unit]",
            "Description=Contacts store for apps (contactsd)",
            "After=local-fs.target",
            "",
            "[Service]",
            "Type=simple",
            "User=\(user)",
            "ExecStart=\(Self.quoted(executable)) --socket \(Self.quoted(socket)) --state \(Self.quoted(stateDirectory)) "
                + "--registry \(Self.quoted(registryDirectory))",
        ]
        if let runtimeDirectory {
            // Apps of every user connect to the socket; the daemon decides what each may see.
            lines += ["RuntimeDirectory=\(runtimeDirectory)", "RuntimeDirectoryMode=0755"]
        }
        lines += [
            // Reading /proc/PID/exe and /proc/PID/maps of another user's process needs this capability, and
            // the daemon needs no other.
            "AmbientCapabilities=CAP_SYS_PTRACE",
            "CapabilityBoundingSet=CAP_SYS_PTRACE",
            "NoNewPrivileges=yes",
            "ProtectSystem=strict",
            "ReadWritePaths=\(writablePaths.map(Self.quoted).joined(separator: " "))",
            "ProtectHome=yes",
            "PrivateTmp=yes",
            "Restart=on-failure",
            "",
            "[Install]",
            "WantedBy=multi-user.target",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A path as systemd reads it: `%` doubled (specifiers), quoted when it holds a space, a quote or a
    /// backslash.
    private static func quoted(_ path: String) -> String {
        let escaped = path.replacingOccurrences(of: "%", with: "%%")
        guard escaped.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "'" }) else { return escaped }
        return "\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
