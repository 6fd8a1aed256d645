import Foundation

/// Reads a file of /proc whole.
///
/// /proc files report a size of 0, and Foundation's readers then read a single 4 KB chunk: a process's
/// `maps` is usually longer, so a library mapped late in it (an `LD_PRELOAD` one, say) would be missed. This
/// reads with read(2) until the end of the file.
enum ProcFile {
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            data += chunk[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }
}
