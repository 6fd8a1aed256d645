import ContactsProtocol
import ContactsSystem
import Foundation

// A card's identity over the socket (our addition): the embedded connection's calls, through the app's gate, so
// a UID of a hidden contact finds nothing and a hidden contact has no UID, as in embedded mode.
extension ConnectionSession {
    func cardIdentity(_ message: Contacts_V1_ClientMessage, connection: EmbeddedConnection) throws(CNError) {
        switch message.body {
        case .contactsWithCardUid(let request):
            var reply = Contacts_V1_StringList()
            reply.values = try connection.contactIdentifiers(withCardUID: request.uid)
            send(id: message.id, .stringList(reply))
        case .cardUid(let request):
            var reply = Contacts_V1_StringReply()
            if let uid = try connection.cardUID(ofContact: request.contactIdentifier) {
                reply.hasValue_p = true
                reply.value = uid
            }
            send(id: message.id, .stringValue(reply))
        default:
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "not a card identity request"])
        }
    }
}
