import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// An app that speaks the wire protocol itself may ask for any of the batch forms the protocol offers (one
/// message per contact, compact batches, batches by column): under limited access, every form carries the
/// shared contact only, and not a byte of the contact the person did not share.
@Suite struct RawFetchAttackTests {
    enum Form: String, CaseIterable, Sendable {
        case plain, compact, columns
    }

    @Test(arguments: Form.allCases)
    func aLimitedAppGetsOnlyItsSharedContactInEveryBatchForm(form: Form) throws {
        let fixture = try DaemonFixture()
        let (_, ann, bob) = try fixture.annSharedBobNot()
        let client = try RawClient(path: fixture.daemon.configuration.socketPath, receiveTimeout: 60)
        var fetch = Contacts_V1_FetchContactsRequest()
        fetch.keys = [CNContactIdentifierKey, CNContactGivenNameKey, CNContactFamilyNameKey]
        fetch.initialBatches = 100
        fetch.batchSize = 16
        fetch.compactBatches = form != .plain
        fetch.columnBatches = form == .columns

        try client.send(id: 2, .fetchContacts(fetch))
        var identifiers: [String] = []
        var everything: [UInt8] = []
        while true {
            let reply = try client.reply(to: 2)
            everything = reply.everything
            guard case .contactBatch(let batch)? = reply.message.body else {
                Issue.record("not a batch: \(reply.message)")
                break
            }
            switch form {
            case .plain:
                #expect(batch.identifiers.isEmpty && batch.columns.identifiers.isEmpty)
                identifiers += batch.contacts.map(\.identifier)
            case .compact:
                #expect(batch.columns.identifiers.isEmpty)
                identifiers += batch.contacts.map(\.identifier) + batch.identifiers
            case .columns:
                #expect(batch.contacts.isEmpty)
                identifiers += batch.columns.identifiers
            }
            if batch.last { break }
        }
        #expect(identifiers == [ann.identifier])
        let received = String(decoding: everything, as: UTF8.self)
        #expect(received.contains("Lee"), "the shared contact's name came through")
        for secret in [bob.identifier, "Bob", "Stone"] {
            #expect(!received.contains(secret), "\(secret) in the \(form) reply")
        }
    }
}
