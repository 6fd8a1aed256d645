import ContactsDaemon
import Foundation

/// What `contacts daemon install` sets up: the daemon's user, its state directory, the app registry, the
/// systemd units (the service and its socket) and the desktop sessions' autostart entry for the person's agent.
/// Each step checks first and changes only what differs, so a second run changes nothing.
package struct DaemonInstallation {
    package static let defaultUser = "contactsd"
    package static let defaultStateDirectory = "/var/lib/contactsd"
    package static let defaultSocket = "/run/contactsd/contactsd.sock"
    package static let unitDirectory = "/etc/systemd/system"

    /// The command that makes `tool` the person's agent (the install's advice, and the tool's when the daemon
    /// does not know it).
    package static func agentRegistration(_ tool: String) -> String {
        "contacts apps register \(tool) --bundle-id org.swift-contacts.contacts --name Contacts --usage "
            + "\"Answers apps for you.\" --entitlement \(DaemonConfiguration.personAgentEntitlement)"
    }

    /// One thing done or found in place, as a line of the report.
    package struct Step: Hashable, Sendable {
        package var text: String
        package var changed: Bool
    }

    package var userName: String
    package var stateDirectory: String
    package var registryDirectory: String
    package var socket: String
    package var executable: String
    /// A prefix for every path written (a system image, tests); the unit names the paths without it.
    package var root: String
    /// The `contacts` tool every desktop session starts as the person's agent; nil: no autostart entry.
    package var agentTool: String? = nil

    package var unit: SystemdUnit {
        SystemdUnit(
            user: userName, executable: executable, socket: socket, stateDirectory: stateDirectory,
            registryDirectory: registryDirectory)
    }

    /// A path under ``root``.
    package func written(_ path: String) -> String {
        root.isEmpty || root == "/" ? path : root + "/" + path.drop { $0 == "/" }
    }

    /// Creates or corrects what is missing or different.
    package func install() throws(CommandFailure) -> [Step] {
        var steps: [Step] = []
        let user: SystemUser
        if let existing = SystemUser.named(userName) {
            user = existing
            steps.append(Step(text: "System user \(userName) exists (uid \(user.uid)).", changed: false))
        } else {
            user = try SystemUser.createSystemUser(userName)
            steps.append(Step(text: "Created system user \(userName) (uid \(user.uid)).", changed: true))
        }
        steps.append(try OwnedDirectory(path: written(stateDirectory), owner: user, mode: 0o700).ensure())
        steps.append(try OwnedDirectory(path: written(registryDirectory), owner: .root, mode: 0o755).ensure())
        let unitFolder = written(Self.unitDirectory)
        steps.append(
            try Self.write(unit.text, to: (unitFolder as NSString).appendingPathComponent(SystemdUnit.fileName)))
        // systemd makes the socket and its folder (DirectoryMode=) and hands the socket to the daemon.
        steps.append(
            try Self.write(
                SystemdSocketUnit(socket: socket).text,
                to: (unitFolder as NSString).appendingPathComponent(SystemdSocketUnit.fileName)))
        if let agentTool {
            let autostart = AgentAutostart(tool: agentTool, socket: socket)
            let folder = written(AgentAutostart.directory)
            steps.append(
                try Self.write(autostart.text, to: (folder as NSString).appendingPathComponent(AgentAutostart.fileName))
            )
        }
        if !ExecutableFile.isReachableByEveryone(executable) {
            steps.append(
                Step(
                    text: "Warning: \(executable) is not readable and executable by every user; the \(userName) user "
                        + "cannot run it. Install contactsd where every user can (/usr/local/bin).",
                    changed: false))
        }
        if ["/home/", "/root/", "/run/user/", "/tmp/"].contains(where: executable.hasPrefix) {
            steps.append(
                Step(
                    text: "Warning: the unit hides /home, /root, /run/user and /tmp from contactsd (ProtectHome, "
                        + "PrivateTmp); \(executable) will not start from there. Install it under /usr/local/bin.",
                    changed: false))
        }
        return steps
    }

    /// Writes a root-owned file readable by everyone (mode 0644) when its text differs, creating its folder.
    private static func write(_ text: String, to path: String) throws(CommandFailure) -> Step {
        let folder = (path as NSString).deletingLastPathComponent
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        if existing == text {
            return Step(text: "\(path) is up to date.", changed: false)
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure.fileSystem("cannot write \(path)", error)
        }
        chmod(path, 0o644)
        return Step(text: "\(existing == nil ? "Wrote" : "Updated") \(path).", changed: true)
    }
}
