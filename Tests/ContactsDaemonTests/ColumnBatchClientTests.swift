import ContactsClient
import ContactsModel
import ContactsProtocol
import ContactsSystem
import Foundation
import Testing

/// The app's side of a column batch read straight into storage (ColumnBatchFrame), against a broken or hostile
/// daemon: ContactReplyClientTests' stand-in answers each name search with the batch the test chose.
@Suite struct ColumnBatchClientTests {
    static let keys = ContactKeySet([.givenName, .phoneNumbers])

    /// Ann's and Bob's batch, whose given names the test then breaks in place.
    static func batchBody(id: UInt64, keys: [String]? = nil) throws -> [UInt8] {
        var ann = ContactStorage(identifier: "ann", fetchedKeys: Self.keys)
        ann.givenName = "Annabelle"
        ann.phoneNumbers = [CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "+1 555 0100"))]
        var bob = ContactStorage(identifier: "bob", fetchedKeys: Self.keys)
        bob.givenName = "Bob"
        var message = Contacts_V1_ServerMessage()
        message.id = id
        message.contactBatch = Contacts_V1_ContactBatch(compact: [ann, bob], last: true, columns: true)
        if let keys { message.contactBatch.keys = keys }
        return Array(try Frame.encode(message).dropFirst(Frame.headerLength))
    }

    static func standIn(_ directory: URL) throws -> ContactReplyClientTests.StandIn {
        try ContactReplyClientTests.StandIn(directory: directory) { request, id in
            guard request.hasPrefix("search:") else { return try ContactReplyClientTests.annReply(id: id) }
            var body = try batchBody(id: id)
            let start = try ContactReplyClientTests.nameStart(body)
            switch request.dropFirst("search:".count) {
            case "not-utf8": body.replaceSubrange(start..<(start + 3), with: [0xFF, 0xFE, 0xC0])
            case "past-the-end": body[start - 1] = 0x7F  // the name's length, past the end of its column
            case "wrong-wire-type": body[start - 2] = 0x13  // the name's key as a start group that never ends
            case "unknown-key": body = try batchBody(id: id, keys: ["givenName", "phoneNumbers", "notAContactKey"])
            case "short-column":
                // Bob's given name dropped: a column shorter than the batch.
                var message = try Frame.decode(Contacts_V1_ServerMessage.self, from: body)
                message.contactBatch.columns.strings[0].values.removeLast()
                body = Array(try Frame.encode(message).dropFirst(Frame.headerLength))
            default: break
            }
            return body
        }
    }

    static func search(_ connection: DaemonConnection, _ name: String) throws(CNError) -> [ContactStorage] {
        var found: [ContactStorage] = []
        try connection.enumerateContacts(ContactQuery(predicate: .contactsMatchingName(name), keys: keys)) { contact in
            found.append(contact)
            return true
        }
        return found
    }

    @Test func aMalformedColumnBatchFailsThatSearchAloneWithDataAccessError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The batch is one the app reads by hand (a column batch), not one left to SwiftProtobuf.
        let whole = try Frame.decode(Contacts_V1_ServerMessage.self, from: try Self.batchBody(id: 3))
        #expect(whole.contactBatch.hasColumns)
        #expect(try ColumnBatchFrame.decode(try Self.batchBody(id: 3)) != nil)
        let standIn = try Self.standIn(directory)
        let connection = DaemonConnection(socketPath: standIn.path)
        for variant in ["not-utf8", "past-the-end", "wrong-wire-type", "unknown-key", "short-column"] {
            let error = #expect(throws: CNError.self, "\(variant)") { try Self.search(connection, variant) }
            #expect(error?.code == .dataAccessError, "\(variant)")
            #expect(error?.code.rawValue == 2, "\(variant)")
            // The message names no contact data.
            #expect(error.map { "\($0)".contains("Annabelle") } == false, "\(variant)")
        }
        // The connection stayed in step: the next batch and the next contact are read whole, on it.
        let found = try Self.search(connection, "whole")
        #expect(found.map(\.identifier) == ["ann", "bob"])
        #expect(found.map(\.givenName) == ["Annabelle", "Bob"])
        #expect(found[0].phoneNumbers.map(\.value.stringValue) == ["+1 555 0100"])
        #expect(found[0].phoneNumbers.map(\.label) == [CNLabelHome])
        #expect(found[1].phoneNumbers.isEmpty)
        let ann = try #require(try connection.contact(identifier: "ann", keys: Self.keys, unify: false))
        #expect(ann.givenName == "Annabelle")
        #expect(standIn.connections.value.load(ordering: .sequentiallyConsistent) == 1)
    }
}
