import ContactsModel
import Foundation

/// What a change-history fetch asks for, in the engine's terms.
package struct ChangeHistoryQuery: Sendable {
    package var startingToken: Data?
    /// The keys event contacts hold; the identifier is always among them.
    package var keys: ContactKeySet
    package var unify: Bool
    package var mutableObjects: Bool
    package var includeGroupChanges: Bool
    package var excludedAuthors: Set<String>

    package init(
        startingToken: Data?, keys: ContactKeySet, unify: Bool = true, mutableObjects: Bool = false,
        includeGroupChanges: Bool = false, excludedAuthors: Set<String> = []
    ) {
        self.startingToken = startingToken
        self.keys = keys.union(.identifierOnly)
        self.unify = unify
        self.mutableObjects = mutableObjects
        self.includeGroupChanges = includeGroupChanges
        self.excludedAuthors = excludedAuthors
    }
}

/// What a history fetch will return, decided in one read transaction: the token of that state and either
/// the coalesced changes since the starting token or a full sync.
package struct HistoryPlan: Sendable {
    /// Why a starting token could not be used; nil when it was valid.
    package enum Restart: Sendable, Hashable {
        case noToken, malformed, foreignStore, expired, future
        /// The reading app's access changed since the token (full, limited, none): its whole set changed.
        case accessChanged
    }

    package var token: HistoryToken
    /// Set when the fetch starts over: a drop-everything event, then adds for every contact.
    package var restart: Restart?
    /// The coalesced changes (incremental), or the groups, memberships and subgroups to add (full sync).
    package var changes: [HistoryChange]
    /// The highest contact row id a full sync reads, so contacts added later are left for the next fetch.
    package var lastContactID: Int64
}
