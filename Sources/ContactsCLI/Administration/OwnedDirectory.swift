import Foundation

/// A directory that must exist with an owner and a mode; ``ensure()`` creates it or corrects it.
package struct OwnedDirectory {
    package var path: String
    package var owner: SystemUser
    package var mode: mode_t

    /// Creates the directory (its missing parents root's, 0755) or sets its owner and mode when they differ.
    ///
    /// - Throws: ``CommandFailure`` when the path is not a directory, or when it cannot be created or changed.
    package func ensure() throws(CommandFailure) -> DaemonInstallation.Step {
        let described = "owner \(owner.name), mode \(String(mode, radix: 8, uppercase: false).leftPadded(4))"
        var status = stat()
        guard lstat(path, &status) == 0 else {
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o755])
            } catch {
                throw CommandFailure.fileSystem("cannot create the parents of \(path)", error)
            }
            guard mkdir(path, 0o700) == 0 else { throw CommandFailure.systemCall("cannot create \(path)") }
            try apply()
            return DaemonInstallation.Step(text: "Created \(path) (\(described)).", changed: true)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw CommandFailure(
                "\(path) exists and is not a directory", exitCode: ExitStatus.cannotCreate,
                hint: "move it away, or choose another path")
        }
        if status.st_uid == owner.uid, status.st_gid == owner.gid, status.st_mode & 0o7777 == mode {
            return DaemonInstallation.Step(text: "\(path) is in place (\(described)).", changed: false)
        }
        try apply()
        return DaemonInstallation.Step(
            text: "Set \(path) to \(described) (was uid \(status.st_uid), mode "
                + "\(String(status.st_mode & 0o7777, radix: 8).leftPadded(4))).",
            changed: true)
    }

    private func apply() throws(CommandFailure) {
        guard chown(path, owner.uid, owner.gid) == 0 else {
            throw CommandFailure.systemCall("cannot change the owner of \(path)")
        }
        guard chmod(path, mode) == 0 else { throw CommandFailure.systemCall("cannot change the mode of \(path)") }
    }
}

extension SystemUser {
    /// The superuser.
    package static var root: SystemUser { named("root") ?? SystemUser(name: "root", uid: 0, gid: 0, home: "/root") }
}

extension String {
    /// The string with zeros in front up to a width (octal modes: 0700).
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
