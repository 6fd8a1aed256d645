import ContactsEngine
import ContactsModel
import ContactsPrivacy
import ContactsProtocol
import Foundation

// The pickers in daemon mode: contactsd shows them to the person in their screens and answers with the outcome
// only (docs/Protocol.md, "The pickers").
extension DaemonConnection: ContactPickerConnection {
    package func pickContacts(_ request: ContactPickerRequest) async throws(CNError) -> ContactPickerResponse {
        var message = Contacts_V1_ContactPickerRequest()
        if let keys = request.displayedPropertyKeys {
            message.hasDisplayedPropertyKeys_p = true
            message.displayedPropertyKeys = keys
        }
        message.allowsMultipleSelection = request.allowsMultipleSelection
        message.selection = Int32(request.selection.rawValue)
        let body = try await waitingCall(.contactPicker(message))
        guard case .contactPicker(let reply) = body else { throw Self.unexpected }
        return try Self.response(reply)
    }

    package func presentAccessPicker() async throws(CNError) -> [String] {
        let body = try await waitingCall(.accessPicker(Contacts_V1_AccessPickerRequest()))
        guard case .accessPicker(let reply) = body else { throw Self.unexpected }
        return reply.newlyGranted
    }

    /// A call whose reply waits for the person: it blocks a thread of its own, never one of the few threads of
    /// Swift's cooperative pool.
    private func waitingCall(_ body: Contacts_V1_ClientMessage.OneOf_Body) async throws(CNError)
        -> Contacts_V1_ServerMessage.OneOf_Body
    {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Contacts_V1_ServerMessage.OneOf_Body, CNError>, Never>) in
            DispatchQueue.global().async {
                do throws(CNError) {
                    continuation.resume(returning: .success(try self.call(body)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// The picker's outcome from its reply; a reply that names a contact or property it does not carry is the
    /// daemon's fault, reported as an unexpected reply rather than trusted.
    static func response(_ reply: Contacts_V1_ContactPickerReply) throws(CNError) -> ContactPickerResponse {
        var contacts: [CNContact] = []
        for wire in reply.contacts {
            do {
                contacts.append(CNContact(storage: try ContactStorage(wire: wire)))
            } catch {
                throw unexpected
            }
        }
        switch reply.outcome {
        case 0:
            return ContactPickerResponse(choice: .cancelled, contacts: [])
        case 1:
            return ContactPickerResponse(choice: .contacts(contacts.map(\.identifier)), contacts: contacts)
        case 2:
            let picked = reply.properties.map { property in
                ContactPropertySelection(
                    contactIdentifier: property.contactIdentifier, key: property.key,
                    valueIdentifier: property.valueIdentifier.isEmpty ? nil : property.valueIdentifier)
            }
            return ContactPickerResponse(choice: .properties(picked), contacts: contacts)
        default:
            throw unexpected
        }
    }
}
