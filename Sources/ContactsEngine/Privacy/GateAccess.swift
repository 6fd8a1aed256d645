import ContactsModel
import ContactsPrivacy

/// What one data call may do, once the gate let it through.
package enum GateAccess: Sendable {
    /// The person: everything, every key.
    case person
    /// An app with full (`visibility` nil) or limited access.
    case app(AppIdentity, appID: Int64, visibility: VisibleContacts?)

    /// The limited app's visible set; nil for full access and the person.
    package var visibility: VisibleContacts? {
        if case .app(_, _, let visibility) = self { visibility } else { nil }
    }

    /// The rules for the app's saves; nil for the person.
    package var saveGate: SaveGate? {
        guard case .app(let app, let appID, let visibility) = self else { return nil }
        return SaveGate(appID: appID, visibility: visibility, allowsNotes: app.entitlements.allowsNotes)
    }

    /// Throws `unauthorizedKeys` (102) when a fetch asks for the note without the notes entitlement.
    package func requireKeys(_ keys: ContactKeySet) throws(CNError) {
        guard case .app(let app, _, _) = self, !app.entitlements.allowsNotes, keys.contains(.note) else { return }
        throw CNError(.unauthorizedKeys, userInfo: [CNErrorUserInfoKeyPathsKey: [CNContactNoteKey]])
    }
}

extension GateAccess {
    /// The query restricted to the visible set, after the key check.
    package func restricting(_ query: ContactQuery) throws(CNError) -> ContactQuery {
        try requireKeys(query.keys)
        var restricted = query
        restricted.visibility = visibility
        return restricted
    }

    /// Whether a contact may be returned (after the key check); a hidden contact reads as missing.
    package func reveals(_ identifier: String, keys: ContactKeySet, in database: StoreDatabase) throws(CNError) -> Bool {
        try requireKeys(keys)
        guard let visibility else { return true }
        return try StoreError.mapped { try database.pool.read { db in try visibility.contains(identifier, in: db) } }
    }

    /// Whether a container predicate may be answered: the container of a hidden contact reads as missing.
    package func reveals(containerPredicate: ContactsPredicate.Kind?, in database: StoreDatabase) throws(CNError)
        -> Bool
    {
        guard case .containerOfContact(let identifier) = containerPredicate else { return true }
        return try reveals(identifier, keys: [], in: database)
    }

    /// Throws `authorizationDenied` (100) unless the person is calling: account management is theirs.
    package func requirePerson() throws(CNError) {
        if case .app = self { throw CNError(.authorizationDenied) }
    }
}
