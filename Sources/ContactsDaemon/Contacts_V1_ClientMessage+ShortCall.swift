import ContactsProtocol

extension Contacts_V1_ClientMessage {
    /// How many identifiers a fetch by identifiers may name and still be answered on the event loop.
    static let shortFetchIdentifierCount = 256

    /// Whether the call's work is small and bounded, so that contactsd may answer it on its event loop while the
    /// app's session is idle (``ConnectionSession/receive(_:)``).
    ///
    /// Short: the status, one contact, the history token, the default container, the me card, the containers,
    /// the groups, a contact's card UID, and the first batch of a fetch whose predicate an index answers (a phone
    /// number, an e-mail address, a few identifiers). Not short: whatever writes, streams the whole store or a
    /// history, moves vCards, waits for the person (access, pickers, the access button) or serves the person's
    /// agent; the contacts with a card UID, whose number the app cannot bound (any number of cards may share a
    /// UID); and the fetches whose first batch grows with the store: a name (at 100,000 contacts its first batch
    /// took 6–27 ms at p50 and up to 105 ms at p95 in DaemonDriver, every other connection's calls waiting
    /// meanwhile), a group's or a container's members (sorted as a whole), or identifiers by the thousand.
    var isShortCall: Bool {
        switch body {
        case .authorizationStatus, .getContact, .historyToken, .defaultContainer, .meContact, .containers, .groups,
            .cardUid:
            return true
        case .fetchContacts(let request):
            switch request.predicate.kind {
            case .contactsMatchingPhoneNumber, .contactsMatchingEmailAddress:
                return request.hasPredicate
            case .contactsWithIdentifiers(let identifiers):
                return identifiers.values.count <= Self.shortFetchIdentifierCount
            default:
                return false
            }
        default:
            return false
        }
    }
}
