import ContactsModel
import ContactsVCard
import Foundation

/// Reads the cards of a file a chunk at a time, mapping parse and read errors to `CNError`.
enum VCardFileSource {
    /// The chunk size: large enough to cost nothing measurable, small enough for smooth progress.
    static let chunkSize = 1 << 18

    /// Calls the body with each card of a file, reporting the bytes read so far.
    ///
    /// - Throws: `CNError.vCardMalformed` with the line and the file path; `CNError.dataAccessError` for a
    ///   file that cannot be read; or what the body throws.
    static func forEachCard(in url: URL, bytesRead: (Int) -> Void, body: (VCardCard) throws -> Void) throws {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw CNError(.dataAccessError, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: error])
        }
        defer { try? handle.close() }
        var total = 0
        var reader = VCardStreamReader(chunks: {
            let data = try handle.read(upToCount: chunkSize)
            total += data?.count ?? 0
            return data?.isEmpty == false ? data : nil
        })
        while let card = try next(&reader, path: url.path) {
            bytesRead(total)
            try body(card)
        }
        bytesRead(total)
    }

    /// The next card of a reader, errors mapped.
    static func next(_ reader: inout VCardStreamReader, path: String?) throws -> VCardCard? {
        do {
            return try reader.next()
        } catch let error as VCardParseError {
            var info = error.contactsError.userInfo
            if let path { info[NSFilePathErrorKey] = path }
            throw CNError(.vCardMalformed, userInfo: info)
        } catch {
            var info: [String: Any] = [NSUnderlyingErrorKey: error]
            if let path { info[NSFilePathErrorKey] = path }
            throw CNError(.dataAccessError, userInfo: info)
        }
    }
}
