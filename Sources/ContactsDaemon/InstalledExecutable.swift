import Foundation

/// Whether a sandboxed peer runs an executable of its app's system-wide installation, and not merely a file
/// its sandbox calls by that name.
///
/// Anyone who may create user namespaces can build a "sandbox" of their own, with a `/.flatpak-info` that names
/// any app (docs/ThreatModel.md). What such a process cannot do is make its own file be a root-owned file of
/// the system's installation: the daemon finds the host file from its own side (the installation directory it
/// was configured with, never a path the sandbox chose alone) and requires it to be the very inode the peer
/// runs (`/proc/PID/exe`), owned by root, in directories owned by root, writable by no one else.
enum InstalledExecutable {
    /// Checks that the peer's executable, seen at `sandboxPath` + a relative path inside the sandbox, is the same
    /// file as `hostDirectory` + that relative path on the host, and that the host file and its directories up
    /// to `trustedBase` are root's. Returns nil when it is, else why not.
    static func mismatch(
        pid: pid_t, procRoot: String, sandboxPath: String, hostDirectory: String, trustedBase: String
    ) -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(procRoot)/\(pid)/exe")
        else {
            return "cannot resolve the executable of process \(pid)"
        }
        let prefix = sandboxPath.hasSuffix("/") ? sandboxPath : sandboxPath + "/"
        guard executable.hasPrefix(prefix), isPlainAbsolutePath(executable) else {
            return "process \(pid) runs \(executable), which is not a file of its installed app"
        }
        let hostFile = hostDirectory + "/" + executable.dropFirst(prefix.count)
        var running = stat()
        var installed = stat()
        guard stat("\(procRoot)/\(pid)/exe", &running) == 0, lstat(hostFile, &installed) == 0,
            installed.st_mode & S_IFMT == S_IFREG
        else {
            return "process \(pid) runs \(executable), which its app's installation does not hold"
        }
        guard running.st_dev == installed.st_dev, running.st_ino == installed.st_ino else {
            return "process \(pid) runs \(executable), which is not the file its app's installation holds there"
        }
        guard isRootOwned(installed), areRootOwnedDirectories(from: trustedBase, to: hostFile) else {
            return "the installation of the app of process \(pid) is not owned by root alone"
        }
        return nil
    }

    /// An absolute path without `.`, `..` or empty components, so a prefix test means what it says.
    static func isPlainAbsolutePath(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    private static func isRootOwned(_ status: stat) -> Bool {
        status.st_uid == 0 && status.st_mode & (S_IWGRP | S_IWOTH) == 0
    }

    /// Every directory from `base` (included) down to the file's parent is a real directory, root's, and
    /// writable by no one else: nobody but root can swap a file of the installation.
    private static func areRootOwnedDirectories(from base: String, to file: String) -> Bool {
        guard file.hasPrefix(base + "/") else { return false }
        var directory = base
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, isRootOwned(status) else {
            return false
        }
        let components = file.dropFirst(base.count + 1).split(separator: "/").dropLast()
        for component in components {
            directory += "/" + component
            guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, isRootOwned(status) else {
                return false
            }
        }
        return true
    }
}
