import ContactsModel
import ContactsProtocol
import ContactsVCard
import Foundation

// The messages of a vCard import or export over the socket (docs/Protocol.md, "vCards"), for the app's client
// (DaemonConnection+VCards.swift) and contactsd, which both link this module.

extension ContactImportSummary {
    package init(wire message: Contacts_V1_ImportSummary) {
        self.init()
        files = Int(message.files)
        cards = Int(message.cards)
        added = Int(message.added)
        updated = Int(message.updated)
        for (reason, count) in message.skipped {
            // A reason this build does not know (a newer daemon) is left out rather than misfiled.
            if let reason = SkipReason(rawValue: reason) { skipped[reason] = Int(count) }
        }
        groupsCreated = Int(message.groupsCreated)
        membersAdded = Int(message.membersAdded)
    }

    package var wire: Contacts_V1_ImportSummary {
        var message = Contacts_V1_ImportSummary()
        message.files = UInt64(files)
        message.cards = UInt64(cards)
        message.added = UInt64(added)
        message.updated = UInt64(updated)
        for (reason, count) in skipped { message.skipped[reason.rawValue] = UInt64(count) }
        message.groupsCreated = UInt64(groupsCreated)
        message.membersAdded = UInt64(membersAdded)
        return message
    }
}

extension ContactImportProgress {
    package init(wire message: Contacts_V1_ImportProgress) {
        self.init(
            fileIndex: Int(message.fileIndex), cardsRead: Int(message.cardsRead), bytesRead: Int(message.bytesRead),
            totalBytes: message.totalBytes == 0 ? nil : Int(message.totalBytes), isFinished: message.finished)
    }

    package var wire: Contacts_V1_ImportProgress {
        var message = Contacts_V1_ImportProgress()
        message.fileIndex = UInt32(fileIndex)
        message.cardsRead = UInt64(cardsRead)
        message.bytesRead = UInt64(bytesRead)
        message.totalBytes = UInt64(totalBytes ?? 0)
        message.finished = isFinished
        return message
    }
}

extension ContactImportOptions {
    /// The request that starts an import with these options; `totalBytes` is the size of the files, for progress.
    package func wire(totalBytes: Int) -> Contacts_V1_ImportVCardsRequest {
        var message = Contacts_V1_ImportVCardsRequest()
        if let containerIdentifier {
            message.hasContainer_p = true
            message.containerIdentifier = containerIdentifier
        }
        message.progressInterval = UInt32(clamping: max(1, progressInterval))
        message.batchSize = UInt32(clamping: max(1, batchSize))
        if let transactionAuthor {
            message.hasAuthor_p = true
            message.author = transactionAuthor
        }
        message.totalBytes = UInt64(max(0, totalBytes))
        return message
    }

    package init(wire message: Contacts_V1_ImportVCardsRequest) {
        self.init(
            containerIdentifier: message.hasContainer_p ? message.containerIdentifier : nil,
            progressInterval: message.progressInterval == 0 ? 1_000 : Int(message.progressInterval),
            batchSize: message.batchSize == 0 ? 5_000 : Int(message.batchSize),
            transactionAuthor: message.hasAuthor_p ? message.author : nil)
    }
}

extension ContactExportSummary {
    package init(wire message: Contacts_V1_ExportSummary) {
        self.init()
        contacts = Int(message.contacts)
        groups = Int(message.groups)
        bytes = Int(message.bytes)
    }

    package var wire: Contacts_V1_ExportSummary {
        var message = Contacts_V1_ExportSummary()
        message.contacts = UInt64(contacts)
        message.groups = UInt64(groups)
        message.bytes = UInt64(bytes)
        return message
    }
}

extension Contacts_V1_ExportVCardsRequest {
    private static let styles: [ContactExportOptions.GroupStyle] = [
        .automatic, .appleGroupCards, .vCard4Kind, .categories, .none,
    ]

    /// The request for an export; the sort order must be resolved (not `.userDefault`).
    ///
    /// - Throws: `CNError.predicateInvalid` (400) for a predicate not made by a `CNContact` factory, as the
    ///   embedded export throws it.
    package init(selection: ContactExportSelection, options: ContactExportOptions) throws(CNError) {
        self.init()
        switch selection {
        case .all: break
        case .group(let identifier): groupIdentifier = identifier
        case .predicate(let predicate):
            guard let framework = predicate as? ContactsPredicate, framework.kind.entity == .contact else {
                throw CNError(.predicateInvalid, userInfo: [CNErrorUserInfoAffectedRecordsKey: [predicate]])
            }
            self.predicate = Contacts_V1_Predicate(framework.kind)
        }
        version = options.version == .v4_0 ? 1 : 0
        includePhotos = options.includesPhotos
        includeNotes = options.includesNotes
        groupStyle = Int32(Self.styles.firstIndex(of: options.groupStyle) ?? 0)
        sortOrder = Int32(options.sortOrder.rawValue)
        initialBatches = 1
    }

    /// The selection and options a request asks for.
    ///
    /// - Throws: `CNError.predicateInvalid` (400) for a predicate message without a kind.
    package func model() throws(CNError) -> (ContactExportSelection, ContactExportOptions) {
        let selection: ContactExportSelection
        switch self.selection {
        case nil: selection = .all
        case .groupIdentifier(let identifier): selection = .group(identifier: identifier)
        case .predicate(let wire):
            do {
                selection = .predicate(ContactsPredicate(try ContactsPredicate.Kind(wire: wire)))
            } catch {
                throw CNError(.predicateInvalid)
            }
        }
        guard version == 0 || version == 1, Self.styles.indices.contains(Int(groupStyle)) else {
            throw CNError(
                .dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "unknown export version or group style"])
        }
        var options = ContactExportOptions(
            version: version == 1 ? .v4_0 : .v3_0, includesPhotos: includePhotos, includesNotes: includeNotes,
            groupStyle: Self.styles[Int(groupStyle)])
        let order = CNContactSortOrder(rawValue: Int(sortOrder)) ?? .none
        options.sortOrder = order == .userDefault ? .none : order
        return (selection, options)
    }
}
