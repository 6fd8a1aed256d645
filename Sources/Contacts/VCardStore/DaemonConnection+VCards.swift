import ContactsClient
import ContactsModel
import ContactsProtocol
import Foundation

// An app's vCard import and export in daemon mode (docs/Protocol.md, "vCards"): contactsd runs the same import
// and export as the embedded store, through the same gate; the cards cross the socket in chunks, under flow
// control, so neither side holds a whole file.
extension DaemonConnection {
    /// The largest chunk of vCard data in one message.
    static let vCardChunkSize = 1 << 20

    /// Where the cards of an import come from.
    enum VCardUpload {
        case files([URL])
        case data(Data)
    }

    /// Uploads the cards and waits for the daemon's import of them, reporting its progress.
    func importVCards(
        _ upload: VCardUpload, options: ContactImportOptions, progress: ((ContactImportProgress) -> Void)?
    ) throws -> ContactImportSummary {
        var totalBytes = 0
        if case .files(let urls) = upload {
            totalBytes = urls.reduce(0) { total, url in
                total
                    + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0)
            }
        }
        // The request passes the gate first (the implicit prompt, 100 when denied), as the embedded import
        // authorizes before it reads a file.
        let stream = try open(.importVcards(options.wire(totalBytes: totalBytes)))
        guard case .done = try stream.next() else { throw Self.unexpected }
        var urls: [URL] = []
        do {
            switch upload {
            case .files(let files):
                urls = files
                for (index, url) in files.enumerated() {
                    try send(file: url, index: index, on: stream)
                }
            case .data(let data):
                var offset = 0
                while offset < data.count {
                    let end = min(offset + Self.vCardChunkSize, data.count)
                    try send(data[offset..<end], index: 0, on: stream)
                    offset = end
                }
            }
            // The last chunk names the last file, so the daemon has every file, empty ones too.
            var last = Contacts_V1_VCardChunk()
            last.last = true
            last.fileIndex = UInt32(max(0, urls.count - 1))
            try stream.send(.vcardChunk(last))
            while true {
                switch try stream.next() {
                case .importProgress(let report): progress?(ContactImportProgress(wire: report))
                case .importSummary(let message):
                    stream.finish()
                    var summary = ContactImportSummary(wire: message)
                    // The daemon imports uploaded files; the embedded import counts the app's files, none for data.
                    summary.files = urls.count
                    return summary
                default: throw Self.unexpected
                }
            }
        } catch let error as CNError {
            throw Self.naming(urls, in: error)
        }
    }

    private func send(file url: URL, index: Int, on stream: DaemonStream) throws {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw CNError(.dataAccessError, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: error])
        }
        defer { try? handle.close() }
        while true {
            let data: Data?
            do {
                data = try handle.read(upToCount: Self.vCardChunkSize)
            } catch {
                throw CNError(.dataAccessError, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: error])
            }
            guard let data, !data.isEmpty else { return }
            try send(data, index: index, on: stream)
        }
    }

    /// Sends one chunk and waits until the daemon took it, so no more than a chunk is ever in flight.
    private func send(_ data: Data, index: Int, on stream: DaemonStream) throws(CNError) {
        var chunk = Contacts_V1_VCardChunk()
        chunk.data = data
        chunk.fileIndex = UInt32(index)
        try stream.send(.vcardChunk(chunk))
        guard case .done = try stream.next() else { throw Self.unexpected }
    }

    /// The daemon names a malformed file by its number; the app knows its path.
    private static func naming(_ urls: [URL], in error: CNError) -> CNError {
        var info = error.userInfo
        guard let number = info.removeValue(forKey: CNError.wireFileNumberKey) as? Int else { return error }
        if urls.indices.contains(number - 1) { info[NSFilePathErrorKey] = urls[number - 1].path }
        return CNError(error.code, userInfo: info)
    }

    /// Streams the cards of an export into `write`, a chunk at a time as it asks for them; a `write` that throws
    /// cancels the export.
    func exportVCards(
        selection: ContactExportSelection, options: ContactExportOptions, write: (Data) throws -> Void
    ) throws -> ContactExportSummary {
        var options = options
        // The person's sort order is the app's side's setting, as for a fetch.
        if options.sortOrder == .userDefault { options.sortOrder = CNContactsUserDefaults.shared().sortOrder }
        let stream = try open(
            .exportVcards(try Contacts_V1_ExportVCardsRequest(selection: selection, options: options)))
        while true {
            guard case .vcardChunk(let chunk) = try stream.next() else { throw Self.unexpected }
            if chunk.last { stream.finish() }
            // A write that fails drops the stream, which tells the daemon to stop.
            if !chunk.data.isEmpty { try write(chunk.data) }
            if chunk.last {
                guard chunk.hasSummary else { throw Self.unexpected }
                return ContactExportSummary(wire: chunk.summary)
            }
            try stream.grant(1)
        }
    }
}
