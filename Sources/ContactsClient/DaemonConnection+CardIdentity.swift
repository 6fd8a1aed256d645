import ContactsEngine
import ContactsModel
import ContactsProtocol

// A card's identity over the socket; the daemon answers through the app's gate, as the embedded store does.
extension DaemonConnection: CardIdentityConnection {
    package func contactIdentifiers(withCardUID uid: String) throws(CNError) -> [String] {
        var request = Contacts_V1_ContactsWithCardUIDRequest()
        request.uid = uid
        guard case .stringList(let reply) = try call(.contactsWithCardUid(request)) else { throw Self.unexpected }
        return reply.values
    }

    package func cardUID(ofContact identifier: String) throws(CNError) -> String? {
        var request = Contacts_V1_CardUIDRequest()
        request.contactIdentifier = identifier
        guard case .stringValue(let reply) = try call(.cardUid(request)) else { throw Self.unexpected }
        return reply.hasValue_p ? reply.value : nil
    }
}
