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

    /// The folders the daemon may write: the state. The socket is systemd's (``SystemdSocketUnit``): the daemon
    /// serves the descriptor systemd hands it and never writes the socket's folder.
    package var writablePaths: [String] { [stateDirectory] }

    /// The unit file's text.
    package var text: String {
        var lines = [
            "# Written by 'contacts daemon install'; docs/Daemon.md explains each setting.",
            "[Unit]",
            "Description=Contacts store for apps (contactsd)",
            "After=local-fs.target \(SystemdSocketUnit.fileName)",
            // Started by the socket unit, or directly: either way systemd hands the daemon the socket it listens
            // on, so the daemon binds nothing of its own.
            "Requires=\(SystemdSocketUnit.fileName)",
            "",
            "[Service]",
            "Type=simple",
            "User=\(user)",
            "ExecStart=\(Self.quoted(executable)) --socket \(Self.quoted(socket)) --state \(Self.quoted(stateDirectory)) "
                + "--registry \(Self.quoted(registryDirectory))",
        ]
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
            "Also=\(SystemdSocketUnit.fileName)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A path as systemd reads it: `%` doubled (specifiers), quoted when it holds a space, a quote or a
    /// backslash.
    static func quoted(_ path: String) -> String {
        let escaped = path.replacingOccurrences(of: "%", with: "%%")
        guard escaped.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "'" }) else { return escaped }
        return "\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
