import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// A response body written to a private temporary file as it arrives, instead of memory: a book's listing,
/// which grows with the book (about 170 bytes a card from Radicale), is then parsed from the file a few
/// kilobytes at a time.
///
/// The file is created in `$TMPDIR` with mode 0600 and its name removed at once, so it lives only as long as
/// its open descriptor: it is gone when the last reference goes, and a process killed mid-sync leaves no listing
/// of the person's book behind. It is read again through the descriptor's entry in `/proc/self/fd`.
final class SpooledBody: Sendable {
    /// The open, nameless file.
    let descriptor: Int32
    /// The bytes written.
    let size: Int

    /// A path that opens the file again from its start (Linux reopens a nameless file through it).
    var path: String { "/proc/self/fd/\(descriptor)" }

    private init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit {
        close(descriptor)
    }

    /// Writes chunks to a new private file until they end.
    ///
    /// - Parameters:
    ///   - chunks: The body as it arrives.
    ///   - limit: The most bytes accepted; past it the file is closed (and so gone) and `tooLarge` thrown.
    static func write<Chunks: AsyncSequence>(
        _ chunks: Chunks, limit: Int, tooLarge: @autoclosure () -> SyncError
    ) async throws -> SpooledBody where Chunks.Element == ByteBuffer {
        let descriptor = try createNamelessFile()
        var size = 0
        do {
            for try await chunk in chunks {
                guard size + chunk.readableBytes <= limit else { throw tooLarge() }
                try chunk.withUnsafeReadableBytes { try Self.write($0, to: descriptor) }
                size += chunk.readableBytes
            }
        } catch {
            close(descriptor)
            throw error
        }
        return SpooledBody(descriptor: descriptor, size: size)
    }

    /// A new file only its owner may read and write, already without a name.
    private static func createNamelessFile() throws -> Int32 {
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array("\(folder.hasSuffix("/") ? folder : folder + "/")contacts-listing-XXXXXX".utf8CString)
        // mkstemp creates the file exclusively, readable and writable by its owner only (0600), and writes the
        // name it chose into the template.
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            throw SyncError(.connectionFailed, "could not create a temporary file for a response (errno \(errno))")
        }
        let removed = template.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { unlink($0) } ?? -1
        }
        guard removed == 0 else {
            let code = errno
            close(descriptor)
            throw SyncError(.connectionFailed, "could not remove a temporary file's name (errno \(code))")
        }
        return descriptor
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
