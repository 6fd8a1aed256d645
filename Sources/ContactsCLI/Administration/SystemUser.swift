import Foundation

/// A user of the password database, and the `useradd` that creates the daemon's.
package struct SystemUser: Hashable, Sendable {
    package var name: String
    package var uid: uid_t
    package var gid: gid_t
    package var home: String

    package init(name: String, uid: uid_t, gid: gid_t, home: String) {
        self.name = name
        self.uid = uid
        self.gid = gid
        self.home = home
    }

    /// The user with a name, if there is one.
    package static func named(_ name: String) -> SystemUser? {
        guard let entry = getpwnam(name) else { return nil }
        return SystemUser(entry.pointee)
    }

    /// The user with a uid, if there is one.
    package static func withID(_ uid: uid_t) -> SystemUser? {
        guard let entry = getpwuid(uid) else { return nil }
        return SystemUser(entry.pointee)
    }

    private init(_ entry: passwd) {
        name = String(cString: entry.pw_name)
        uid = entry.pw_uid
        gid = entry.pw_gid
        home = String(cString: entry.pw_dir)
    }

    /// Creates a system user without a home or a login shell (`useradd --system`), with a group of its name.
    ///
    /// - Throws: ``CommandFailure`` when `useradd` fails.
    package static func createSystemUser(_ name: String) throws(CommandFailure) -> SystemUser {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/useradd")
        // A group of the user's name may be left from an earlier user (userdel keeps a group others use).
        let group = getgrnam(name) == nil ? ["--user-group"] : ["--gid", name]
        process.arguments = ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin"] + group + [name]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot run /usr/sbin/useradd", exitCode: ExitStatus.unavailable)
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let user = named(name) else {
            let reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure("useradd \(name) failed: \(reason)", exitCode: ExitStatus.cannotCreate)
        }
        return user
    }
}
