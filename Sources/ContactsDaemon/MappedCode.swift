import Foundation

/// The code a process runs, from its `/proc/PID/maps`, checked file by file through the process's own root.
///
/// A sandboxed process sees its own mount namespace: `/usr/lib/libc.so.6` in its maps may be any file at all
/// on the host, so a path cannot be looked up from the daemon's side. Each line of maps also names the mapped
/// file's device and inode, which the kernel fills in and the process cannot choose. The daemon looks the path up
/// through `/proc/PID/root` (the process's own view) and accepts the file only when it is that very inode, owned
/// by root and writable by no one else: a file a user wrote is never root-owned, whatever namespace it is seen in.
enum MappedCode {
    struct Mapping: Hashable, Sendable {
        var path: String
        var major: UInt64
        var minor: UInt64
        var inode: UInt64
    }

    /// The executable mappings of files (not the vDSO, anonymous memory or the stack), each file once.
    static func executableMappings(maps: String) -> [Mapping] {
        var seen = Set<Mapping>()
        var result: [Mapping] = []
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1].contains("x") else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            let device = fields[3].split(separator: ":")
            guard path.hasPrefix("/"), device.count == 2, let major = UInt64(device[0], radix: 16),
                let minor = UInt64(device[1], radix: 16), let inode = UInt64(fields[4])
            else { continue }
            let mapping = Mapping(path: path, major: major, minor: minor, inode: inode)
            if seen.insert(mapping).inserted { result.append(mapping) }
        }
        return result
    }

    /// The first executable mapping that is not verifiably a root-owned file writable by no one else, as the
    /// process sees its files; nil when every one is.
    ///
    /// - Parameter exceptExecutable: Whether the process's own executable (`/proc/PID/exe`, whose bytes the host
    ///   path checks against the registered SHA-256 instead) may be any file.
    static func firstUnverified(maps: String, pid: pid_t, procRoot: String, exceptExecutable: Bool = false) -> String? {
        var executable = stat()
        let skipsExecutable = exceptExecutable && stat("\(procRoot)/\(pid)/exe", &executable) == 0
        for mapping in executableMappings(maps: maps) {
            if skipsExecutable, UInt64(executable.st_ino) == mapping.inode,
                major(of: UInt64(executable.st_dev)) == mapping.major,
                minor(of: UInt64(executable.st_dev)) == mapping.minor
            {
                continue
            }
            var status = stat()
            // A file deleted since it was mapped shows as "PATH (deleted)" and is not found: not verifiable.
            guard stat("\(procRoot)/\(pid)/root\(mapping.path)", &status) == 0,
                UInt64(status.st_ino) == mapping.inode,
                major(of: UInt64(status.st_dev)) == mapping.major, minor(of: UInt64(status.st_dev)) == mapping.minor,
                status.st_uid == 0, status.st_mode & (S_IWGRP | S_IWOTH) == 0
            else { return mapping.path }
        }
        return nil
    }

    /// The major number of a Linux `dev_t` (glibc's `gnu_dev_major`, a macro Swift does not import).
    static func major(of device: UInt64) -> UInt64 {
        ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
    }

    /// The minor number of a Linux `dev_t` (glibc's `gnu_dev_minor`).
    static func minor(of device: UInt64) -> UInt64 {
        (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
    }
}
