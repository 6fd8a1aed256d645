import ContactsSystem

/// Prints the contacts a predicate selects as a table or as one JSON array, sorted as the person prefers.
package struct ContactPrinter {
    package var json: Bool
    package var presenter = ContactPresenter()

    package init(json: Bool) {
        self.json = json
    }

    /// Prints the contacts a predicate selects (every contact for nil).
    ///
    /// - Parameter emptyMessage: The sentence a table prints when nothing is selected (JSON prints `[]`): an
    ///   empty answer says so rather than printing nothing.
    package func print(store: CNContactStore, predicate: NSPredicate?, emptyMessage: String = "No contacts.") throws {
        let request = CNContactFetchRequest(keysToFetch: json ? ContactKeys.detail : ContactKeys.row)
        request.predicate = predicate
        request.sortOrder = .userDefault
        var output = BufferedOutput()
        if json {
            var writer = JSONArrayWriter()
            try store.enumerateContacts(with: request) { contact, _ in
                writer.append(ContactJSON(contact, presenter: presenter), to: &output)
            }
            writer.finish(&output)
        } else {
            var table = TextTable(header: ContactPresenter.rowHeader)
            try store.enumerateContacts(with: request) { contact, _ in
                table.append(presenter.row(for: contact))
            }
            output.write(table.rows.isEmpty ? emptyMessage + "\n" : table.rendered)
        }
        output.flush()
    }

    /// Throws 200 unless a group with the identifier exists.
    package static func requireGroup(_ identifier: String, in store: CNContactStore) throws {
        guard try !store.groups(matching: CNGroup.predicateForGroups(withIdentifiers: [identifier])).isEmpty else {
            throw CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [identifier]])
        }
    }

    /// Throws 200 unless a container with the identifier exists.
    package static func requireContainer(_ identifier: String, in store: CNContactStore) throws {
        let predicate = CNContainer.predicateForContainers(withIdentifiers: [identifier])
        guard try !store.containers(matching: predicate).isEmpty else {
            throw CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [identifier]])
        }
    }
}
