import ContactsModel
import Foundation

/// Every entry point passes the privacy gate first (docs/Privacy.md, "Wiring checklist"): denied and
/// restricted apps get 100; limited apps see only their visible set, and naming a hidden contact reads as 200.
extension EmbeddedConnection: ChangeTrackingConnection {
    package func currentHistoryToken() throws(CNError) -> Data {
        let database = try database()
        _ = try gate.authorize(database)
        return try StoreError.mapped { try database.currentHistoryToken().data }
    }

    package func changeHistory(_ query: ChangeHistoryQuery) throws(CNError) -> (events: ChangeHistoryEvents, token: Data) {
        let database = try database()
        let access = try gate.authorize(database)
        try access.requireKeys(query.keys)
        var query = query
        query.visibility = access.visibility
        if case .app(let app, _, _) = access { query.reader = app.bundleIdentifier }
        return try StoreError.mapped { [query] in
            let plan = try database.historyPlan(query)
            return (ChangeHistoryEvents(database: database, plan: plan, query: query), plan.token.data)
        }
    }

    package func contacts(_ query: ContactQuery, mutableObjects: Bool) throws(CNError) -> (contacts: FetchedContacts, token: Data) {
        let database = try database()
        let query = try gate.authorize(database).restricting(query)
        return try StoreError.mapped {
            let token = try database.currentHistoryToken().data
            return (FetchedContacts(database: database, query: query, mutableObjects: mutableObjects), token)
        }
    }

    package func link(_ identifiers: [String], preferredIdentifier: String?) throws(CNError) {
        let database = try database()
        try requireVisible(identifiers + (preferredIdentifier.map { [$0] } ?? []), in: database)
        try StoreError.mapped { try database.link(identifiers, preferredIdentifier: preferredIdentifier) }
    }

    package func unlink(_ identifiers: [String]) throws(CNError) {
        let database = try database()
        try requireVisible(identifiers, in: database)
        try StoreError.mapped { try database.unlink(identifiers) }
    }

    package func keepSeparate(_ first: String, _ second: String) throws(CNError) {
        let database = try database()
        try requireVisible([first, second], in: database)
        try StoreError.mapped { try database.keepSeparate(first, second) }
    }

    package func linkReason(forContact identifier: String) throws(CNError) -> ContactLinkReason? {
        let database = try database()
        try requireVisible([identifier], in: database)
        return try StoreError.mapped { try database.linkReason(forContact: identifier) }
    }

    package func linkedIdentifiers(ofContact identifier: String) throws(CNError) -> [String] {
        let database = try database()
        let access = try gate.authorize(database)
        try requireVisible([identifier], in: database)
        let all = try StoreError.mapped { try database.linkedIdentifiers(ofContact: identifier) }
        // Hidden cards are left out for a limited app.
        var visible: [String] = []
        for card in all where try access.reveals(card, keys: [], in: database) {
            visible.append(card)
        }
        return visible
    }

    package var openedStoreURL: URL? {
        openedDatabase?.configuration.url
    }

    /// Throws 100 for denied apps, and 200 naming the first contact a limited app may not see.
    private func requireVisible(_ identifiers: [String], in database: StoreDatabase) throws(CNError) {
        let access = try gate.authorize(database)
        for identifier in identifiers where try !access.reveals(identifier, keys: [], in: database) {
            throw CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [identifier]])
        }
    }
}
