import CDaemonSupport
import Foundation

/// Memory set aside, and touched, when contactsd starts, for SQLite's page cache (SQLITE_CONFIG_PAGECACHE).
///
/// contactsd reads its stores with pread(2), not through a memory map (a map's pages count against its memory bound,
/// and a map of a growing file is dropped and made again on nearly every save: docs/Daemon.md). So every page a
/// fresh daemon's cache takes for the first time came from a heap that grew by a fresh page, which the kernel zeroed
/// on the first touch: 12–17 µs of a fetch by identifier over a fresh daemon's first thousand or so calls. Touched
/// here, before any app connects, those pages cost the calls nothing. Lines go back to the pool as connections
/// close. Once nearly every line is in use, SQLite's caches recycle their own least recently used pages rather than
/// take more memory (its page cache's rule under memory pressure), so the pool is also the daemon's page-cache
/// budget: 16 MiB made a name search at 100,000 contacts 10–25% slower than unbounded caches, 32 MiB (the
/// default, about what the caches held at 100,000 without a pool) did not (docs/Daemon.md).
package enum DaemonPageCache {
    /// The largest page the stores use (SQLite's default; the engine sets no other).
    static let pageSize = 4_096

    /// Sets `bytes` aside for the page cache and touches each of its pages. Only before SQLite starts: it returns
    /// false, setting nothing aside, when SQLite has started (in a process that opened a database, such as a test
    /// that runs the daemon in its own process) or when `bytes` is too small for one line.
    package static func reserve(bytes: Int) -> Bool {
        let header = Int(contacts_sqlite_page_cache_header_size())
        guard header >= 0 else { return false }
        // Lines a multiple of 8 bytes, as SQLite rounds them.
        let lineSize = (pageSize + header + 7) & ~7
        let lines = bytes / lineSize
        guard lines > 0, lines <= Int(Int32.max) else { return false }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: lines * lineSize, alignment: 4_096)
        // The touch is the point: the kernel gives the pages now, not under an app's call.
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: lines * lineSize)
        guard contacts_sqlite_use_page_cache(buffer, Int32(lineSize), Int32(lines)) == 0 else {
            buffer.deallocate()
            return false
        }
        // SQLite keeps the buffer for the process's life.
        return true
    }
}
