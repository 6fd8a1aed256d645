import CDaemonSupport
import Foundation
import Synchronization

/// The SHA-256 of files already hashed, keyed by the identity of the file as an open descriptor sees it.
///
/// The daemon hashes `/proc/PID/exe` on every connection, and an app's executable can be hundreds of megabytes.
/// The key is what fstat(2) says of the very file being hashed: device, inode, size, and the modification and
/// status-change times in nanoseconds. Any write to the file changes its ctime, which no one can set back
/// (utimensat(2) sets mtime and atime, and itself changes ctime), and a file replaced by rename is another inode,
/// so a changed executable is hashed again. The identity is read again after hashing, and a file that changed
/// meanwhile is not cached. A file on a FUSE file system is never cached: its server, which may be the app's
/// user, reports whatever times it likes.
final class DigestCache: Sendable {
    struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var modifiedNanoseconds: Int
        var changed: Int64
        var changedNanoseconds: Int

        init?(descriptor: Int32) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = Int64(status.st_mtim.tv_sec)
            modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
            changed = Int64(status.st_ctim.tv_sec)
            changedNanoseconds = Int(status.st_ctim.tv_nsec)
        }
    }

    /// The daemon's cache: every session identifies its peer through the same one.
    static let shared = DigestCache(capacity: 256)

    private let capacity: Int
    private let digests = Mutex<[Key: String]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The digest of the open file, from the cache when the file is unchanged since it was hashed.
    ///
    /// - Parameters:
    ///   - descriptor: The open file.
    ///   - hash: Hashes the file from the descriptor.
    func digest(of descriptor: Int32, hash: () throws -> String) throws -> String {
        guard !Self.isOnFUSE(descriptor), let before = Key(descriptor: descriptor) else { return try hash() }
        if let known = digests.withLock({ $0[before] }) { return known }
        let digest = try hash()
        guard Key(descriptor: descriptor) == before else { return digest }
        digests.withLock { digests in
            // Bounded: a host has few registered executables, so starting over when full costs little.
            if digests.count >= capacity { digests.removeAll() }
            digests[before] = digest
        }
        return digest
    }

    /// Whether the file is served by a FUSE file system (FUSE_SUPER_MAGIC), or cannot be told.
    private static func isOnFUSE(_ descriptor: Int32) -> Bool {
        let type = contacts_file_system_type(descriptor)
        return type == -1 || type == 0x6573_5546
    }
}
