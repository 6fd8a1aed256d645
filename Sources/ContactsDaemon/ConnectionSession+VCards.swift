import ContactsProtocol
import ContactsSystem
import Foundation

// vCard import and export for an app: the embedded store's own import and export (module Contacts), run here
// with the app's gate, so the rules are the same (docs/Privacy.md: the implicit prompt, 100 when denied, added
// contacts become the app's, notes left out without the entitlement).
extension ConnectionSession {
    /// The largest chunk of an export in one message.
    static let vCardChunkSize = 1 << 20

    /// Passes the gate (the implicit prompt; 100 when denied), then accepts the upload.
    func startImport(id: UInt64, request: Contacts_V1_ImportVCardsRequest, connection: EmbeddedConnection)
        throws(CNError)
    {
        _ = try connection.authorized()
        guard let uid = credentials?.uid, imports[id] == nil else {
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "an import with this id is open"])
        }
        let folder = configuration.storeURL(for: uid).deletingLastPathComponent()
        imports[id] = try ImportUpload(
            options: ContactImportOptions(wire: request), in: folder, limit: configuration.maximumImportSize)
        send(id: id, .done(Contacts_V1_Done()))
    }

    /// Takes a chunk of an upload; the last one runs the import, on this connection's queue, and answers with
    /// its progress and summary.
    func receiveChunk(id: UInt64, chunk: Contacts_V1_VCardChunk, connection: EmbeddedConnection) throws(CNError) {
        guard let upload = imports[id] else {
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "no import is open with this id"])
        }
        do throws(CNError) {
            try upload.append(chunk)
        } catch {
            imports[id] = nil
            upload.discard()
            throw error
        }
        guard chunk.last else { return send(id: id, .done(Contacts_V1_Done())) }
        imports[id] = nil
        defer { upload.discard() }
        let files = upload.finish()
        let store = CNContactStore(connection: connection, watchingChanges: false)
        let summary: ContactImportSummary
        do {
            summary = try store.importVCards(from: files, options: upload.options) { progress in
                self.send(id: id, .importProgress(progress.wire))
            }
        } catch {
            throw Self.numbering(files, in: error)
        }
        if summary.added + summary.updated + summary.groupsCreated + summary.membersAdded > 0 { announceChange() }
        send(id: id, .importSummary(summary.wire))
    }

    /// The import's error for the app: the uploaded file named by its number, never by the daemon's path.
    private static func numbering(_ files: [URL], in error: any Error) -> CNError {
        guard let error = error as? CNError else { return CNError(.dataAccessError) }
        var info = error.userInfo
        if let path = info.removeValue(forKey: NSFilePathErrorKey) as? String,
            let index = files.firstIndex(where: { $0.path == path })
        {
            info[CNError.wireFileNumberKey] = index + 1
        }
        info.removeValue(forKey: NSUnderlyingErrorKey)
        return CNError(error.code, userInfo: info)
    }

    /// Starts an export on a thread of its own; each chunk waits for the client's credit.
    func startExport(id: UInt64, request: Contacts_V1_ExportVCardsRequest, connection: EmbeddedConnection)
        throws(CNError)
    {
        let job = ExportJob(credit: max(1, Int(request.initialBatches)))
        exports[id] = job
        let store = CNContactStore(connection: connection, watchingChanges: false)
        let thread = Thread {
            let result: Result<ContactExportSummary, CNError>?
            do {
                let (selection, options) = try request.model()
                let summary = try store.exportVCards(selection: selection, options: options) { data in
                    var offset = data.startIndex
                    while offset < data.endIndex {
                        try job.spendCredit()
                        let end = min(offset + Self.vCardChunkSize, data.endIndex)
                        var chunk = Contacts_V1_VCardChunk()
                        chunk.data = data[offset..<end]
                        self.send(id: id, .vcardChunk(chunk))
                        offset = end
                    }
                }
                result = .success(summary)
            } catch is ExportJob.Cancelled {
                result = nil
            } catch {
                result = .failure((error as? CNError) ?? CNError(.dataAccessError))
            }
            self.queue.async {
                if self.exports[id] === job { self.exports[id] = nil }
                var last = Contacts_V1_VCardChunk()
                last.last = true
                switch result {
                case .success(let summary) where !job.isCancelled:
                    last.summary = summary.wire
                    self.send(id: id, .vcardChunk(last))
                case .failure(let error) where !job.isCancelled:
                    self.send(id: id, .error(Contacts_V1_Error(error)))
                default:
                    // Cancelled: the last, empty chunk answers the Cancel (nothing when the client went away).
                    self.send(id: id, .vcardChunk(last))
                }
            }
        }
        thread.name = "contactsd.export"
        thread.start()
    }
}
