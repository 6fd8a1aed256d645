import Foundation

extension FlatpakInfo {
    /// What a peer's root holds at `/.flatpak-info`.
    enum Lookup: Sendable, Hashable {
        /// No such file: the peer is not a Flatpak app.
        case absent
        case present(FlatpakInfo)
        /// The root could not be opened, or the file is there but is not a readable, well-formed regular file:
        /// the peer is neither known as a Flatpak app nor to be taken for a host app.
        case unusable(String)
    }

    /// Reads `/.flatpak-info` of a peer as xdg-desktop-portal does: the peer's root directory is opened first
    /// (`/proc/PID/root`), the file is opened relative to it without following a link, and it must be a regular
    /// file. A root that cannot be opened (an undumpable process the daemon may not inspect, say) is
    /// ``Lookup/unusable(_:)``, never ``Lookup/absent``: a sandboxed app that hides its root must not pass for a
    /// host app. The caller checks the peer's pidfd afterwards, since a PID reused meanwhile names another root.
    static func lookup(pid: pid_t, procRoot: String) -> Lookup {
        let root = open("\(procRoot)/\(pid)/root", openPathOnly | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return .unusable("cannot open the root of process \(pid) (errno \(errno))") }
        defer { close(root) }
        // O_NONBLOCK: a FIFO put in the file's place must not hang the daemon on open.
        let file = openat(root, ".flatpak-info", O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard file >= 0 else {
            let error = errno
            if error == ENOENT { return .absent }
            return .unusable(
                error == ELOOP
                    ? "the .flatpak-info of process \(pid) is a symbolic link"
                    : "cannot open the .flatpak-info of process \(pid) (errno \(error))")
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .unusable("the .flatpak-info of process \(pid) is not a regular file")
        }
        guard let bytes = readAll(file, limit: maximumSize) else {
            return .unusable("cannot read the .flatpak-info of process \(pid)")
        }
        do {
            return .present(try FlatpakInfo(parsing: String(decoding: bytes, as: UTF8.self)))
        } catch {
            return .unusable("the .flatpak-info of process \(pid) is malformed: \(error)")
        }
    }

    /// `O_PATH` of the Linux ABI: Glibc's Swift module exports it only with _GNU_SOURCE. The root is only a
    /// starting point for openat, never read.
    private static let openPathOnly: Int32 = 0o10000000

    /// The bytes of an open file, or nil when it fails or holds more than `limit`.
    private static func readAll(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return data }
            data += chunk[0..<count]
            if data.count > limit { return nil }
        }
    }
}
