import ContactsModel
import Foundation
import GRDB

extension UnifiedContacts {
    /// What saving a unified contact writes to its preferred card: the contact without the labeled values
    /// that belong to the other linked cards, so they are not copied onto the preferred card.
    ///
    /// Values of other cards stay on their cards as stored: editing or removing them through the unified
    /// contact is not saved (docs/Linking.md). A contact fetched without unification is written as it is.
    package static func cardStorage(of storage: ContactStorage, contactID: Int64, in db: Database) throws
        -> ContactStorage
    {
        guard storage.linkedIdentifierCount > 1 else { return storage }
        let foreign = Set(
            try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT contact_value.identifier FROM link AS mine
                        JOIN link AS theirs ON theirs.person_id = mine.person_id AND theirs.contact_id != mine.contact_id
                        JOIN contact_value ON contact_value.contact_id = theirs.contact_id
                        WHERE mine.contact_id = ?
                        """
                ),
                arguments: [contactID]
            )
        )
        guard !foreign.isEmpty else { return storage }
        var result = storage
        result.phoneNumbers.removeAll { foreign.contains($0.identifier) }
        result.emailAddresses.removeAll { foreign.contains($0.identifier) }
        result.postalAddresses.removeAll { foreign.contains($0.identifier) }
        result.dates.removeAll { foreign.contains($0.identifier) }
        result.urlAddresses.removeAll { foreign.contains($0.identifier) }
        result.contactRelations.removeAll { foreign.contains($0.identifier) }
        result.socialProfiles.removeAll { foreign.contains($0.identifier) }
        result.instantMessageAddresses.removeAll { foreign.contains($0.identifier) }
        return result
    }
}
