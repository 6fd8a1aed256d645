import ContactsEngine
import ContactsModel
import Foundation

extension CNContactStore {
    /// The current token, or nil when the store cannot be read.
    func historyToken() -> Data? {
        guard let tracking = connection as? any ChangeTrackingConnection else { return nil }
        return try? tracking.currentHistoryToken()
    }

    var tracking: any ChangeTrackingConnection {
        get throws(CNError) {
            guard let tracking = connection as? any ChangeTrackingConnection else {
                throw CNError(.featureNotAvailable)
            }
            return tracking
        }
    }

    /// The changes since a token, as lazily read events, with the token of the state they describe. Our
    /// addition: the Swift equivalent of Apple's Objective-C-only `enumeratorForChangeHistoryFetchRequest:error:`.
    ///
    /// With a valid `startingToken` the events are the changes after it, coalesced per object (add then
    /// updates: one add with the latest data; add then delete: nothing; updates: one update; update then
    /// delete: a delete). With a nil, foreign, malformed or expired token (history older than the
    /// retention, at least 30 days) the first event is a `CNChangeHistoryDropEverythingEvent`, followed by
    /// an add event for every contact (and every group, membership and subgroup with
    /// `includeGroupChanges`), as TN3149 describes; no 603/604 error is thrown. Contacts in events hold
    /// the identifier and `additionalContactKeyDescriptors`.
    ///
    /// ```swift
    /// let request = CNChangeHistoryFetchRequest()
    /// request.startingToken = savedToken
    /// request.additionalContactKeyDescriptors = [CNContactGivenNameKey as CNKeyDescriptor]
    /// let result = try store.changeHistory(for: request)
    /// for event in result.value { event.accept(visitor) }
    /// savedToken = result.currentHistoryToken
    /// ```
    ///
    /// - Parameter request: The starting token and options.
    /// - Returns: The events, read as they are iterated, and the token to pass next time.
    /// - Throws: `CNError.dataAccessError` (2) when the store cannot be read.
    ///
    /// Parity: full for the behaviour of `CNChangeHistoryFetchRequest`; the entry point is our addition.
    public func changeHistory(for request: CNChangeHistoryFetchRequest) throws -> CNFetchResult<ChangeHistoryEvents> {
        let query = ChangeHistoryQuery(
            startingToken: request.startingToken,
            keys: KeyDescriptorExpansion.properties(of: request.additionalContactKeyDescriptors ?? []),
            unify: request.shouldUnifyResults,
            mutableObjects: request.mutableObjects,
            includeGroupChanges: request.includeGroupChanges,
            excludedAuthors: Set(request.excludedTransactionAuthors ?? [])
        )
        let result = try tracking.changeHistory(query)
        return CNFetchResult(value: result.events, currentHistoryToken: result.token)
    }

    /// The contacts a fetch request selects, read lazily as they are iterated, with the change-history token
    /// of the state the fetch started from. Our addition: the Swift equivalent of Apple's
    /// Objective-C-only `enumeratorForContactFetchRequest:error:`.
    ///
    /// ```swift
    /// let result = try store.contacts(for: CNContactFetchRequest(keysToFetch: keys))
    /// for contact in result.value { cache(contact) }
    /// savedToken = result.currentHistoryToken
    /// ```
    ///
    /// - Parameter request: The predicate, keys, order and options.
    /// - Returns: The contacts, read in batches as they are iterated, and the history token.
    /// - Throws: `CNError.predicateInvalid` (400) for a predicate not made by a `CNContact` factory;
    ///   `CNError.dataAccessError` (2).
    ///
    /// Parity: full for the behaviour of `CNContactFetchRequest`; the entry point is our addition.
    public func contacts(for request: CNContactFetchRequest) throws -> CNFetchResult<FetchedContacts> {
        var query = ContactQuery(predicate: nil, keys: KeyDescriptorExpansion.properties(of: request.keysToFetch))
        if let predicate = request.predicate {
            guard let framework = predicate as? ContactsPredicate, framework.kind.entity == .contact else {
                throw CNError(.predicateInvalid, userInfo: [CNErrorUserInfoAffectedRecordsKey: [predicate]])
            }
            query.predicate = framework.kind
        }
        query.sortOrder =
            request.sortOrder == .userDefault ? CNContactsUserDefaults.shared().sortOrder : request.sortOrder
        query.unify = request.unifyResults
        let result = try tracking.contacts(query, mutableObjects: request.mutableObjects)
        return CNFetchResult(value: result.contacts, currentHistoryToken: result.token)
    }
}
