import ContactsProtocol
import Foundation

/// A seed corpus: one input per kind of request, each after a Hello, in the "chunked frames" form of
/// ``FuzzInput`` (flags 0b11), so the fuzzer starts from requests the daemon accepts and mutates from there; each
/// also for the daemon that knows the fuzzer as the person's agent (flags 0b111).
enum FuzzSeeds {
    static func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (index, messages) in seeds.enumerated() {
            var input: [UInt8] = []
            var id: UInt64 = 1
            for body in messages {
                var message = Contacts_V1_ClientMessage()
                // Continue, Cancel and an import's chunks belong to the request before them.
                switch body {
                case .continue, .cancel, .vcardChunk: break
                default: id += 1
                }
                message.id = id
                message.body = body
                let payload: [UInt8] = try message.serializedBytes()
                input += [UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)] + payload
            }
            try Data([0b11] + input).write(to: directory.appendingPathComponent("seed-\(index)"))
            try Data([0b111] + input).write(to: directory.appendingPathComponent("seed-agent-\(index)"))
        }
    }

    private static let keys = ["givenName", "familyName", "phoneNumbers", "emailAddresses", "note", "birthday"]

    private static var seeds: [[Contacts_V1_ClientMessage.OneOf_Body]] {
        var fetchAll = Contacts_V1_FetchContactsRequest()
        fetchAll.keys = keys
        fetchAll.batchSize = 2
        fetchAll.initialBatches = 1
        var byName = fetchAll
        byName.predicate.contactsMatchingName = "an"
        var byPhone = fetchAll
        byPhone.predicate.contactsMatchingPhoneNumber = "4155550100"
        var byIdentifiers = fetchAll
        byIdentifiers.predicate.contactsWithIdentifiers.values = ["A", "B"]
        byIdentifiers.sortOrder = 2
        byIdentifiers.unify = true
        var more = Contacts_V1_Continue()
        more.batches = 3
        var get = Contacts_V1_GetContactRequest()
        get.identifier = "A"
        get.keys = keys
        var groups = Contacts_V1_GroupsRequest()
        groups.predicate.groupsInContainer = "C"
        var containers = Contacts_V1_ContainersRequest()
        containers.predicate.containerOfContact = "A"

        var contact = Contacts_V1_Contact()
        contact.keys = keys
        contact.givenName = "Dee"
        contact.familyName = "Fox"
        var phone = Contacts_V1_LabeledString()
        phone.hasLabel_p = true
        phone.label = "_$!<Mobile>!$_"
        phone.value = "+44 20 7946 0000"
        contact.phoneNumbers = [phone]
        contact.birthday.month = 2
        contact.birthday.day = 29
        var add = Contacts_V1_ContactInContainer()
        add.contact = contact
        var addOperation = Contacts_V1_SaveOperation()
        addOperation.addContact = add
        var group = Contacts_V1_Group()
        group.name = "Team"
        var addGroup = Contacts_V1_GroupInContainer()
        addGroup.group = group
        var groupOperation = Contacts_V1_SaveOperation()
        groupOperation.addGroup = addGroup
        var save = Contacts_V1_SaveRequest()
        save.operations = [addOperation, groupOperation]
        save.saveIdentifier = "S"
        save.refetch = true
        var delete = Contacts_V1_SaveOperation()
        delete.deleteContact = contact
        var deletion = Contacts_V1_SaveRequest()
        deletion.operations = [delete]

        var history = Contacts_V1_ChangeHistoryRequest()
        history.keys = keys
        history.includeGroupChanges = true
        history.batchSize = 2
        history.initialBatches = 1
        var link = Contacts_V1_LinkRequest()
        link.contactIdentifiers = ["A", "B"]
        var linkReason = Contacts_V1_LinkReasonRequest()
        linkReason.contactIdentifier = "A"
        var importRequest = Contacts_V1_ImportVCardsRequest()
        importRequest.progressInterval = 1
        var chunk = Contacts_V1_VCardChunk()
        chunk.data = Data("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u1\r\nN:Lee;Ann;;;\r\nFN:Ann Lee\r\nEND:VCARD\r\n".utf8)
        chunk.last = true
        var export = Contacts_V1_ExportVCardsRequest()
        export.version = 1
        export.initialBatches = 1
        // The person's agent's requests: the fuzzer is an app, so each must get 100 and change nothing.
        var share = Contacts_V1_SetAppAccessRequest()
        share.bundleIdentifier = "org.example.app"
        share.decision = 4
        share.limitedIdentifiers = ["A"]
        var me = Contacts_V1_SetMeContactRequest()
        me.contactIdentifier = "A"
        var cardUID = Contacts_V1_ContactsWithCardUIDRequest()
        cardUID.uid = "urn:uuid:u1"

        return [
            [.changeHistory(history), .continue(more)],
            [.link(link), .linkReason(linkReason)],
            [.importVcards(importRequest), .vcardChunk(chunk)],
            [.exportVcards(export), .cancel(Contacts_V1_Cancel())],
            [.contactsWithCardUid(cardUID)],
            [.authorizationStatus(Contacts_V1_AuthorizationStatusRequest())],
            [.requestAccess(Contacts_V1_RequestAccessRequest())],
            [.fetchContacts(fetchAll), .continue(more)],
            [.fetchContacts(byName), .cancel(Contacts_V1_Cancel())],
            [.fetchContacts(byPhone)],
            [.fetchContacts(byIdentifiers)],
            [.getContact(get)],
            [.groups(groups), .containers(containers)],
            [.defaultContainer(Contacts_V1_DefaultContainerRequest()), .meContact(Contacts_V1_MeContactRequest())],
            [.save(save)],
            [.save(deletion)],
            [.historyToken(Contacts_V1_HistoryTokenRequest())],
            [.pendingConsents(Contacts_V1_PendingConsentsRequest())],
            [.appAccess(Contacts_V1_AppAccessRequest()), .setAppAccess(share)],
            [.setMeContact(me)],
        ]
    }
}
