import ContactsModel
import ContactsPrivacy
import GRDB

/// The gate's rules for one app's save, checked inside the save's write transaction.
///
/// - Updating, deleting or changing the memberships of a contact the app cannot see fails with
///   `recordDoesNotExist` (200), exactly like a missing contact.
/// - Without the notes entitlement, writing the note fails with `unauthorizedKeys` (102): an added contact
///   with a note, or an updated contact holding the note key whose note differs from the stored one.
/// - Contacts the app adds are recorded in `app_created` in the same transaction, so they are visible to it
///   from then on, under full access too (they stay visible if access is later limited).
package struct SaveGate: Sendable {
    /// The app's row id.
    package var appID: Int64
    /// The visible set under limited access; nil under full access.
    package var visibility: VisibleContacts?
    /// Whether the app holds the notes entitlement.
    package var allowsNotes: Bool

    package init(appID: Int64, visibility: VisibleContacts?, allowsNotes: Bool) {
        self.appID = appID
        self.visibility = visibility
        self.allowsNotes = allowsNotes
    }

    /// Throws the first rule a plan breaks.
    func check(_ plan: SavePlan, in db: Database) throws {
        for action in plan.contacts {
            switch action {
            case .add(let contact, _):
                if !allowsNotes, contact.storage.fetchedKeys.contains(.note), !contact.note.isEmpty {
                    throw Self.unauthorizedNote(contact)
                }
            case .update(let contact):
                try requireVisible(contact)
                if !allowsNotes, contact.storage.fetchedKeys.contains(.note) {
                    // Read whole (StoredText, through a cursor) and compared scalar by scalar: a note that differs
                    // only after a U+0000, or only in its normalization, is still a different note.
                    let stored = try StoredText.fetchCursor(
                        db.cachedStatement(sql: "SELECT note FROM contact WHERE identifier = ?"),
                        arguments: [contact.identifier]
                    ).next()?.string
                    if !(stored.map { $0.unicodeScalars.elementsEqual(contact.note.unicodeScalars) } ?? false) {
                        throw Self.unauthorizedNote(contact)
                    }
                }
            case .delete(let contact):
                try requireVisible(contact)
            }
        }
        // A contact the same request adds is the app's own: it may join groups in that request.
        var added = Set<String>()
        for case .add(let contact, _) in plan.contacts { added.insert(contact.identifier) }
        for member in plan.members where !added.contains(member.contact.identifier) {
            try requireVisible(member.contact)
        }

        func requireVisible(_ contact: CNContact) throws {
            guard let visibility, try !visibility.contains(contact.identifier, in: db) else { return }
            throw SaveExecution.missing(contact, identifier: contact.identifier, kind: "contact")
        }
    }

    /// Records the contacts the plan added as created by the app.
    func recordCreated(_ plan: SavePlan, in db: Database) throws {
        for case .add(let contact, _) in plan.contacts {
            try recordCreated(contact.identifier, in: db)
        }
    }

    /// Records one contact as created by the app (a save or an import), so it stays visible to it.
    func recordCreated(_ identifier: String, in db: Database) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO app_created (app_id, contact_identifier) VALUES (?, ?)")
            .execute(arguments: [appID, identifier])
    }

    private static func unauthorizedNote(_ contact: CNContact) -> CNError {
        CNError(
            .unauthorizedKeys,
            userInfo: [CNErrorUserInfoKeyPathsKey: [CNContactNoteKey], CNErrorUserInfoAffectedRecordsKey: [contact]])
    }
}
