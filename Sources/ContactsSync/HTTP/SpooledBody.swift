import Foundation
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// A response body written to a private temporary file as it arrives, instead of memory: a book's listing,
/// which grows with the book (about 170 bytes a card from Radicale), is then parsed from the file a few
/// kilobytes at a time. The file (mode 0600, in `$TMPDIR`) is removed when the last reference goes.
final class SpooledBody: Sendable {
    /// The file's path.
    let path: String
    /// The bytes written.
    let size: Int

    private init(path: String, size: Int) {
        self.path = path
        self.size = size
    }

    deinit {
        unlink(path)
    }

    /// Writes chunks to a new private file until they end.
    ///
    /// - Parameters:
    ///   - chunks: The body as it arrives.
    ///   - limit: The most bytes accepted; past it the file is removed and `tooLarge` thrown.
    static func write<Chunks: AsyncSequence>(
        _ chunks: Chunks, limit: Int, tooLarge: @autoclosure () -> SyncError
    ) async throws -> SpooledBody where Chunks.Element == ByteBuffer {
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array("\(folder.hasSuffix("/") ? folder : folder + "/")contacts-listing-XXXXXX".utf8CString)
        // mkstemp creates the file exclusively, readable and writable by its owner only (0600).
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw SyncError(.connectionFailed, "could not create a temporary file for a response (errno \(errno))")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var size = 0
        do {
            defer { close(descriptor) }
            for try await chunk in chunks {
                guard size + chunk.readableBytes <= limit else { throw tooLarge() }
                try chunk.withUnsafeReadableBytes { try Self.write($0, to: descriptor) }
                size += chunk.readableBytes
            }
        } catch {
            unlink(path)
            throw error
        }
        return SpooledBody(path: path, size: size)
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw SyncError(.connectionFailed, "could not write a response to its temporary file (errno \(errno))")
            }
            offset += written
        }
    }
}
