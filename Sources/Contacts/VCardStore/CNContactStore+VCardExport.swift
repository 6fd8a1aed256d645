import ContactsClient
import ContactsEngine
import ContactsModel
import ContactsVCard
import Foundation

extension CNContactStore {
    /// Writes contacts as vCards to a file, card by card while enumerating, through a temporary file renamed
    /// at the end: the file is complete or unchanged.
    ///
    /// Each card carries the contact's `UID` (the one it was imported with, else its identifier) and the
    /// properties the contact model has no field for, so an export imports back without loss.
    ///
    /// ```swift
    /// let summary = try store.exportVCards(to: URL(fileURLWithPath: "contacts.vcf"))
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to write; replaced when it exists.
    ///   - selection: Every contact (the default), a group's members, or a predicate's contacts.
    ///   - options: Version, photos, notes and how groups are written.
    /// - Returns: What was written.
    /// - Throws: `CNError.dataAccessError` (2) when the file cannot be written; `CNError.predicateInvalid`
    ///   (400) for a predicate not made by a `CNContact` factory.
    ///
    /// Parity: our addition.
    @discardableResult
    public func exportVCards(
        to url: URL,
        selection: ContactExportSelection = .all,
        options: ContactExportOptions = ContactExportOptions()
    ) throws -> ContactExportSummary {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw CNError(.dataAccessError, userInfo: [NSFilePathErrorKey: url.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            let summary: ContactExportSummary
            do {
                summary = try exportVCards(to: handle, selection: selection, options: options)
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            // rename(2) replaces the destination atomically: readers see the old file or the new one.
            guard rename(temporary.path, url.path) == 0 else {
                throw CNError(.dataAccessError, userInfo: [NSFilePathErrorKey: url.path])
            }
            return summary
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if let error = error as? CNError { throw error }
            throw CNError(.dataAccessError, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: error])
        }
    }

    /// Writes contacts as vCards to an open file handle, a batch of cards at a time.
    ///
    /// ```swift
    /// try store.exportVCards(to: FileHandle.standardOutput, options: ContactExportOptions(version: .v4_0))
    /// ```
    ///
    /// - Parameters:
    ///   - handle: Where the cards go.
    ///   - selection: Every contact (the default), a group's members, or a predicate's contacts.
    ///   - options: Version, photos, notes and how groups are written.
    /// - Returns: What was written.
    /// - Throws: `CNError.predicateInvalid` (400); the handle's write error.
    ///
    /// Parity: our addition.
    @discardableResult
    public func exportVCards(
        to handle: FileHandle,
        selection: ContactExportSelection = .all,
        options: ContactExportOptions = ContactExportOptions()
    ) throws -> ContactExportSummary {
        if let daemon = connection as? DaemonConnection {
            return try daemon.exportVCards(selection: selection, options: options) { try handle.write(contentsOf: $0) }
        }
        return try exportVCards(selection: selection, options: options) { try handle.write(contentsOf: $0) }
    }

    /// Writes contacts as vCards to a sink, a batch of cards at a time, from this process's store: the body of
    /// the handle variant, and what contactsd runs for an app's export.
    package func exportVCards(
        selection: ContactExportSelection, options: ContactExportOptions, into sink: @escaping (Data) throws -> Void
    ) throws -> ContactExportSummary {
        let store = try authorizedStore()
        var options = options
        // An app without the notes entitlement exports without notes rather than failing with 102: the
        // cards are what it may read.
        options.includesNotes = options.includesNotes && store.access.allowsNotes
        var exporter = ContactExportSession(store: store, sink: sink, options: options)
        let request = CNContactFetchRequest(keysToFetch: ContactExportSession.keys(for: options))
        request.unifyResults = false
        request.sortOrder = options.sortOrder
        switch selection {
        case .all: request.predicate = nil
        case .group(let identifier):
            request.predicate = CNContact.predicateForContactsInGroup(withIdentifier: identifier)
        case .predicate(let predicate): request.predicate = predicate
        }
        var failure: (any Error)?
        try enumerateContacts(with: request) { contact, stop in
            do {
                try exporter.add(contact)
            } catch {
                failure = error
                stop.pointee = true
            }
        }
        if let failure { throw failure }
        try exporter.flush()
        switch selection {
        case .all: try exporter.writeGroups(try groups(matching: nil))
        case .group(let identifier):
            try exporter.writeGroups(try groups(matching: CNGroup.predicateForGroups(withIdentifiers: [identifier])))
        case .predicate: break
        }
        return exporter.summary
    }
}
