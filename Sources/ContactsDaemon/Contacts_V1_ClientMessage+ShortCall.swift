import ContactsProtocol

extension Contacts_V1_ClientMessage {
    /// Whether the call's work is small and bounded, so that contactsd may answer it on its event loop while the
    /// app's session is idle (``ConnectionSession/receive(_:)``).
    ///
    /// Short: the status, one contact, the history token, the default container, the me card, the containers,
    /// the groups, a contact's card UID, and a fetch with a predicate (its first batch only: a phone lookup, a name
    /// search, identifiers). Not short: whatever writes, streams the whole store or a history, moves vCards, waits
    /// for the person (access, pickers, the access button) or serves the person's agent; and the contacts with a
    /// card UID, whose number the app cannot bound (any number of cards may share a UID).
    var isShortCall: Bool {
        switch body {
        case .authorizationStatus, .getContact, .historyToken, .defaultContainer, .meContact, .containers, .groups,
            .cardUid:
            return true
        case .fetchContacts(let request):
            return request.hasPredicate
        default:
            return false
        }
    }
}
