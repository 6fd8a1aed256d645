import ContactsProtocol
import ContactsSystem
import Foundation

// Linked contacts over the socket: the calls EmbeddedConnection makes for an embedded app, through the same
// gate (a hidden card reads as missing, 200), answered on the session's queue.
extension ConnectionSession {
    func link(_ message: Contacts_V1_ClientMessage, connection: EmbeddedConnection) throws(CNError) {
        let id = message.id
        switch message.body {
        case .link(let request):
            try connection.link(
                request.contactIdentifiers,
                preferredIdentifier: request.hasPreferredIdentifier_p ? request.preferredIdentifier : nil)
            announceChange()
            send(id: id, .done(Contacts_V1_Done()))
        case .unlink(let request):
            try connection.unlink(request.contactIdentifiers)
            announceChange()
            send(id: id, .done(Contacts_V1_Done()))
        case .keepSeparate(let request):
            try connection.keepSeparate(request.firstIdentifier, request.secondIdentifier)
            announceChange()
            send(id: id, .done(Contacts_V1_Done()))
        case .linkReason(let request):
            var reply = Contacts_V1_LinkReasonReply()
            if let reason = try connection.linkReason(forContact: request.contactIdentifier) {
                reply.linked = true
                reply.rule = Int32(reason.rule.rawValue)
                if let matched = reason.matchedContactIdentifier {
                    reply.hasMatchedContact_p = true
                    reply.matchedContactIdentifier = matched
                }
                reply.matchedValueIdentifiers = reason.matchedValueIdentifiers
                reply.date = reason.date.timeIntervalSince1970
            }
            send(id: id, .linkReason(reply))
        case .linkedIdentifiers(let request):
            var reply = Contacts_V1_StringList()
            reply.values = try connection.linkedIdentifiers(ofContact: request.contactIdentifier)
            send(id: id, .stringList(reply))
        default:
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "not a linking request"])
        }
    }
}
