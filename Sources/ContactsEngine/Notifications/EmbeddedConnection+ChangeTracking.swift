import ContactsModel
import Foundation

/// Every entry point passes the privacy gate first (docs/Privacy.md, "Wiring checklist"): denied and
/// restricted apps get 100; limited apps see only their visible set, and naming a hidden contact reads as 200.
extension EmbeddedConnection: ChangeTrackingConnection {
    package func currentHistoryToken() throws(CNError) -> Data {
        let store = try authorized()
        return try StoreError.mapped { try store.currentHistoryToken().data }
    }

    package func changeHistory(_ query: ChangeHistoryQuery) throws(CNError) -> (
        events: ChangeHistoryEvents, token: Data
    ) {
        let store = try authorized(requiring: query.keys)
        return try StoreError.mapped {
            let plan = try store.historyPlan(query)
            return (ChangeHistoryEvents(store: store, plan: plan, query: query), plan.token.data)
        }
    }

    package func contacts(_ query: ContactQuery, mutableObjects: Bool) throws(CNError) -> (
        contacts: FetchedContacts, token: Data
    ) {
        let store = try authorized(requiring: query.keys)
        return try StoreError.mapped {
            let token = try store.currentHistoryToken().data
            return (FetchedContacts(store: store, query: query, mutableObjects: mutableObjects), token)
        }
    }

    /// The contacts of a query, read lazily, without the history token: for a caller that has no use for it
    /// (contactsd streaming a fetch), to which reading the token cost a read transaction of its own per fetch,
    /// about a tenth of a phone lookup in the daemon (docs/Daemon.md, "Performance").
    package func fetchedContacts(_ query: ContactQuery, mutableObjects: Bool) throws(CNError) -> FetchedContacts {
        FetchedContacts(store: try authorized(requiring: query.keys), query: query, mutableObjects: mutableObjects)
    }

    /// The store, once the gate has let the app in and allowed every key a read asks for (the notes
    /// entitlement): where every read of contacts or their history starts.
    private func authorized(requiring keys: ContactKeySet) throws(CNError) -> AuthorizedStore {
        let store = try authorized()
        try store.access.requireKeys(keys)
        return store
    }

    package func link(_ identifiers: [String], preferredIdentifier: String?) throws(CNError) {
        let store = try authorized()
        try StoreError.mapped {
            try store.requireVisible(identifiers + (preferredIdentifier.map { [$0] } ?? []))
            try store.link(identifiers, preferredIdentifier: preferredIdentifier)
        }
    }

    package func unlink(_ identifiers: [String]) throws(CNError) {
        let store = try authorized()
        try StoreError.mapped {
            try store.requireVisible(identifiers)
            try store.unlink(identifiers)
        }
    }

    package func keepSeparate(_ first: String, _ second: String) throws(CNError) {
        let store = try authorized()
        try StoreError.mapped {
            try store.requireVisible([first, second])
            try store.keepSeparate(first, second)
        }
    }

    package func linkReason(forContact identifier: String) throws(CNError) -> ContactLinkReason? {
        let store = try authorized()
        return try StoreError.mapped {
            try store.requireVisible([identifier])
            return try store.linkReason(forContact: identifier)
        }
    }

    package func linkedIdentifiers(ofContact identifier: String) throws(CNError) -> [String] {
        let store = try authorized()
        return try StoreError.mapped {
            try store.requireVisible([identifier])
            // Hidden cards are left out for a limited app.
            return try store.visibleIdentifiers(store.linkedIdentifiers(ofContact: identifier))
        }
    }

    package var openedStoreURL: URL? {
        openedDatabase?.configuration.url
    }
}
