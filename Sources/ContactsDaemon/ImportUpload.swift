import ContactsProtocol
import ContactsSystem
import Foundation

/// The vCard files an app uploads for an import, kept in a private folder of the user's state directory (0700,
/// the daemon's) until the last chunk arrived, then imported in one transaction and removed.
///
/// On disk rather than in memory, so an import of any size costs the daemon one chunk of memory.
final class ImportUpload {
    let options: ContactImportOptions
    private let directory: URL
    private(set) var files: [URL] = []
    private var handle: FileHandle?
    private let limit: Int64
    private var size: Int64 = 0

    /// The prefix of an upload's folder; folders left by a daemon that stopped mid-upload are removed when the
    /// user's store is next opened (``removeLeftovers(in:)``).
    static let folderPrefix = ".import-"

    init(options: ContactImportOptions, in parent: URL, limit: Int64) throws(CNError) {
        self.options = options
        self.limit = limit
        directory = parent.appendingPathComponent(Self.folderPrefix + UUID().uuidString)
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "the import cannot be stored"])
        }
    }

    /// Appends a chunk to its file. A chunk of a later file ends the current one and starts it, with an empty file
    /// for each file between (an empty file sends no chunk).
    ///
    /// - Throws: `CNError.dataAccessError` (2) for a chunk of an earlier file, an upload over the limit, or when the
    ///   disk is full.
    func append(_ chunk: Contacts_V1_VCardChunk) throws(CNError) {
        size += Int64(chunk.data.count)
        guard size <= limit else {
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "the import is over \(limit) bytes"])
        }
        let index = Int(chunk.fileIndex)
        guard index >= files.count - 1 else {
            throw CNError(
                .dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "a chunk of file \(index) is out of order"])
        }
        while files.count <= index {
            try? handle?.close()
            let url = directory.appendingPathComponent("\(files.count).vcf")
            guard
                FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
                let opened = try? FileHandle(forWritingTo: url)
            else {
                throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "the import cannot be stored"])
            }
            files.append(url)
            handle = opened
        }
        guard !chunk.data.isEmpty else { return }
        do {
            try handle?.write(contentsOf: chunk.data)
        } catch {
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "the import cannot be stored"])
        }
    }

    /// The uploaded files, complete.
    func finish() -> [URL] {
        try? handle?.close()
        handle = nil
        return files
    }

    /// Removes the upload folders in a user's store folder: called before the store is first opened, when no
    /// upload of this daemon can be under way there.
    static func removeLeftovers(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(folderPrefix) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Removes the uploaded files.
    func discard() {
        try? handle?.close()
        handle = nil
        try? FileManager.default.removeItem(at: directory)
    }
}
