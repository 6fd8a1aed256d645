import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// Whatever batch size an app asks for, a streamed batch stays bounded (docs/Protocol.md, "Streaming"): 4,096
/// contacts when they are bare identifiers (about 50 bytes each), 512 when they hold other keys.
@Suite struct BatchBoundTests {
    private static let count = 4_200

    @Test func batchesOfBareIdentifiersHoldAtMost4096AndOtherBatchesAtMost512() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        try ContactFixtures.save(
            (0..<Self.count).map { ContactFixtures.person("P\($0)", "Bound") }, in: fixture.person)
        let client = try RawClient(path: fixture.daemon.configuration.socketPath, receiveTimeout: 60)
        let cases: [(keys: [String], sizes: [Int])] = [
            ([], [4_096, 104]),
            ([CNContactIdentifierKey], [4_096, 104]),
            ([CNContactIdentifierKey, CNContactGivenNameKey], Array(repeating: 512, count: 8) + [104]),
        ]
        for (offset, expected) in cases.enumerated() {
            let id = UInt64(offset + 2)
            var fetch = Contacts_V1_FetchContactsRequest()
            fetch.keys = expected.keys
            fetch.batchSize = .max
            fetch.initialBatches = 100
            fetch.compactBatches = true
            fetch.columnBatches = true
            try client.send(id: id, .fetchContacts(fetch))
            var sizes: [Int] = []
            while true {
                guard case .contactBatch(let batch)? = try client.reply(to: id).message.body else {
                    Issue.record("not a batch")
                    break
                }
                sizes.append(batch.identifiers.count + batch.contacts.count + batch.columns.identifiers.count)
                if batch.last { break }
            }
            #expect(sizes == expected.sizes, "keys \(expected.keys)")
        }
    }
}
