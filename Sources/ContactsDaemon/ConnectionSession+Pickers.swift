import ContactsProtocol
import ContactsSystem
import Foundation

/// An app's pickers (docs/WebUI.md, "Pickers"): the request parks in ``PendingPickers`` until the person finishes
/// it in their screens; the app's socket then carries the outcome only. The candidates stay in the daemon.
extension ConnectionSession {
    /// The one-time contact picker: in every status (denied included), a snapshot with the asked keys only, and
    /// nothing granted.
    func pickContacts(id: UInt64, request: Contacts_V1_ContactPickerRequest, connection: EmbeddedConnection)
        throws(CNError)
    {
        guard let selection = ContactPickerSelection(rawValue: Int(request.selection)) else {
            throw CNError(
                .dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "unknown selection \(request.selection)"])
        }
        let picker = ContactPickerRequest(
            displayedPropertyKeys: request.hasDisplayedPropertyKeys_p ? request.displayedPropertyKeys : nil,
            allowsMultipleSelection: request.allowsMultipleSelection, selection: selection)
        // The person may take minutes: wait on a thread of its own (as requestAccess does), so the app's other
        // calls on this connection still get answers.
        DispatchQueue.global().async {
            let outcome =
                ThreadTaskExecutor.runBlocking { () async -> Result<ContactPickerResponse, CNError> in
                    do throws(CNError) {
                        return .success(try await connection.pickContacts(picker))
                    } catch {
                        return .failure(error)
                    }
                } ?? .failure(CNError(.dataAccessError))
            switch outcome {
            case .success(let response): self.send(id: id, .contactPicker(Contacts_V1_ContactPickerReply(response)))
            case .failure(let error): self.send(id: id, .error(Contacts_V1_Error(error)))
            }
        }
    }

    /// The contact access picker: only under limited access (else empty at once); the app learns the newly
    /// shared identifiers only.
    func presentAccessPicker(id: UInt64, connection: EmbeddedConnection) {
        DispatchQueue.global().async {
            let outcome =
                ThreadTaskExecutor.runBlocking { () async -> Result<[String], CNError> in
                    do throws(CNError) {
                        return .success(try await connection.presentAccessPicker())
                    } catch {
                        return .failure(error)
                    }
                } ?? .failure(CNError(.dataAccessError))
            switch outcome {
            case .success(let granted):
                var reply = Contacts_V1_AccessPickerReply()
                reply.newlyGranted = granted
                self.send(id: id, .accessPicker(reply))
            case .failure(let error):
                self.send(id: id, .error(Contacts_V1_Error(error)))
            }
        }
    }
}

extension Contacts_V1_ContactPickerReply {
    /// The outcome as the app receives it: the snapshots the flows fetched and the picked properties.
    init(_ response: ContactPickerResponse) {
        self.init()
        switch response.choice {
        case .cancelled:
            outcome = 0
        case .contacts:
            outcome = 1
        case .properties(let picked):
            outcome = 2
            properties = picked.map { selection in
                var property = Contacts_V1_PickedProperty()
                property.contactIdentifier = selection.contactIdentifier
                property.key = selection.key
                property.valueIdentifier = selection.valueIdentifier ?? ""
                return property
            }
        }
        contacts = response.choice == .cancelled ? [] : response.contacts.map { Contacts_V1_Contact($0.storage) }
    }
}
