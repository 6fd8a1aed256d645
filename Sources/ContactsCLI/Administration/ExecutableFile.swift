import Foundation

/// An executable as the kernel names it: the real path, which is what `/proc/PID/exe` shows the daemon.
package enum ExecutableFile {
    /// The real path of a regular executable file (symbolic links and `..` resolved).
    ///
    /// - Throws: ``CommandFailure`` with ``ExitStatus/noInput`` when the path is missing or is not a regular file
    ///   with an execute bit.
    package static func resolve(_ path: String) throws(CommandFailure) -> String {
        guard let resolved = realpath(path, nil) else {
            throw CommandFailure("no file at \(path)", exitCode: ExitStatus.noInput)
        }
        defer { free(resolved) }
        let real = String(cString: resolved)
        var status = stat()
        guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o111 != 0 else {
            throw CommandFailure(
                "\(real) is not a regular executable file", exitCode: ExitStatus.noInput,
                hint: "give the file the app runs as: a binary or a script with an execute bit")
        }
        return real
    }

    /// Whether every user may reach and run the file: each folder above it searchable by others, and the file
    /// readable and executable by others (the daemon, under its own user, hashes what apps run).
    package static func isReachableByEveryone(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & (S_IROTH | S_IXOTH) == (S_IROTH | S_IXOTH) else {
            return false
        }
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while folder.path != "/" {
            guard stat(folder.path, &status) == 0, status.st_mode & S_IXOTH != 0 else { return false }
            folder.deleteLastPathComponent()
        }
        return true
    }
}
