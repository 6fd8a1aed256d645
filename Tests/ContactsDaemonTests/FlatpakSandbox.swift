import Foundation
import Testing

/// A Flatpak-like sandbox made with bubblewrap, as `flatpak run` makes one: the host's `/usr` and `/opt` (standing
/// in for the runtime) read-only, the app's deployed `files` at `/app`, its `/.flatpak-info` read-only at the
/// root, a private `/tmp`, and new namespaces (user, mount, pid, ipc, uts, network); the daemon's socket is bound
/// in at `/run/contactsd.sock`. bwrap runs as the unprivileged user (this machine allows unprivileged user
/// namespaces), which is also how an attacker of that user would run it.
struct FlatpakSandbox {
    /// What is at `/.flatpak-info` in the sandbox.
    enum Info {
        /// A file, bound read-only, as Flatpak does.
        case file(URL)
        /// A symbolic link to a path.
        case symlink(String)
        /// A directory.
        case directory
        /// Whatever host file (a FIFO, a socket), bound read-only.
        case bound(URL)
        /// Nothing: a plain namespace, not a Flatpak sandbox.
        case none
    }

    static let bwrap = "/usr/bin/bwrap"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: bwrap) }
    static let socketInside = "/run/contactsd.sock"

    var appFiles: URL
    var info: Info
    var socket: String?
    /// More bwrap arguments (binds of the attacker's files, say).
    var extra: [String] = []

    /// The bwrap command line that runs `command` inside.
    func arguments(_ command: [String]) -> [String] {
        var arguments = [
            Self.bwrap, "--unshare-all", "--die-with-parent", "--new-session",
            "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
            "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/opt", "/opt",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--ro-bind", appFiles.path, "/app",
        ]
        switch info {
        case .file(let url), .bound(let url): arguments += ["--ro-bind", url.path, "/.flatpak-info"]
        case .symlink(let target): arguments += ["--symlink", target, "/.flatpak-info"]
        case .directory: arguments += ["--dir", "/.flatpak-info"]
        case .none: break
        }
        if let socket { arguments += ["--bind", socket, Self.socketInside] }
        return arguments + extra + command
    }

    /// The text Flatpak writes, for an app id and its deployment.
    static func infoText(id: String, appPath: String, instance: String = "1234567890") -> String {
        """
        [Application]
        name=\(id)
        runtime=runtime/org.freedesktop.Platform/x86_64/23.08

        [Instance]
        instance-id=\(instance)
        app-path=\(appPath)
        branch=stable
        arch=x86_64
        flatpak-version=1.14.4

        """
    }

    /// Starts `command` in the sandbox as a user, and returns the running bwrap and the sandboxed process's pid
    /// (as this process sees it), once that process runs `executableInside`.
    static func start(
        _ sandbox: FlatpakSandbox, as user: (uid: uid_t, gid: gid_t), _ command: [String], executableInside: String
    ) throws -> (bwrap: Process, pid: pid_t) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            [
                "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", "/usr/bin/env", "-i", "HOME=/tmp",
            ] + sandbox.arguments(command)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // setpriv and env exec in place: the process is bwrap, whose child (pid 1 of the new pid namespace) forks
        // the command. The command is the process whose exe is the one asked for, among bwrap's descendants.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            for pid in descendants(of: process.processIdentifier) {
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == executableInside
                {
                    return (process, pid)
                }
            }
            usleep(20_000)
        }
        stop(process)
        throw SandboxError(description: "the sandboxed \(executableInside) did not start")
    }

    /// Ends a sandbox started by ``start(_:as:_:executableInside:)``. SIGKILL, because bwrap inherits the
    /// blocked signals of the test's thread that spawned it (SIGTERM would wait forever); `--die-with-parent` then
    /// ends the sandboxed process.
    static func stop(_ bwrap: Process) {
        kill(bwrap.processIdentifier, SIGKILL)
        bwrap.waitUntilExit()
    }

    struct SandboxError: Error, CustomStringConvertible {
        var description: String
    }

    private static func descendants(of pid: pid_t) -> [pid_t] {
        var result: [pid_t] = []
        var queue = [pid]
        while let next = queue.popLast() {
            let text = (try? String(contentsOfFile: "/proc/\(next)/task/\(next)/children", encoding: .utf8)) ?? ""
            let children = text.split(separator: " ").compactMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            result += children
            queue += children
        }
        return result
    }
}

/// A system-wide Flatpak installation in a temporary directory, owned by root as `/var/lib/flatpak` is: each app
/// deployed at `app/ID/x86_64/stable/COMMIT/files`, its executable in `bin/`.
struct FlatpakInstallation {
    let root: URL

    init(in directory: URL) throws {
        root = directory.appendingPathComponent("flatpak")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        chmod(root.path, 0o755)
    }

    /// Deploys an app: copies the executable (and the resource bundles beside it) into its `files/bin`, root's,
    /// mode 0755. Returns the deployment's `files` directory (Flatpak's `[Instance] app-path`).
    @discardableResult
    func deploy(id: String, executable: String, commit: String = "c0ffee") throws -> URL {
        let files = root.appendingPathComponent("app/\(id)/x86_64/stable/\(commit)/files")
        let bin = files.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: executable)
        for item in try FileManager.default.contentsOfDirectory(atPath: source.deletingLastPathComponent().path)
        where item == source.lastPathComponent || item.hasSuffix(".resources") {
            try FileManager.default.copyItem(
                at: source.deletingLastPathComponent().appendingPathComponent(item),
                to: bin.appendingPathComponent(item))
        }
        _ = try UnprivilegedApp.run(["/bin/chown", "-R", "root:root", root.path])
        _ = try UnprivilegedApp.run(["/bin/chmod", "-R", "u+rwX,go+rX,go-w", root.path])
        return files
    }
}

/// pidfd_open(2) (glibc 2.36), looked up at run time: the same kind of descriptor `SO_PEERPIDFD` gives.
func openPIDFD(_ pid: pid_t) throws -> Int32 {
    typealias PIDFDOpen = @convention(c) (pid_t, UInt32) -> Int32
    let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open"), "no pidfd_open in this libc")
    let pidfd = unsafeBitCast(symbol, to: PIDFDOpen.self)(pid, 0)
    try #require(pidfd >= 0, "this kernel has no pidfd_open")
    return pidfd
}
