import ContactsClient
import ContactsModel
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// The app's side of a batch of bare identifiers kept as the frame's bytes (IdentifierBatchFrame), against a
/// broken or hostile daemon: ContactReplyClientTests' stand-in answers each name search with the batch the test
/// chose.
@Suite struct IdentifierBatchClientTests {
    static let identifiers = ["ann:ABPerson", "Zoë:ABPerson", "", "bob:ABPerson"]

    static func batchBody(id: UInt64, unified: Bool) throws -> [UInt8] {
        try WireFixtures.bareIdentifierBatch(identifiers, unified: unified, id: id)
    }

    /// Where an identifier's bytes start in a body.
    static func start(of text: String, in body: [UInt8]) throws -> Int {
        let bytes = Array(text.utf8)
        return try #require(body.indices.first { Array(body[$0..<min($0 + bytes.count, body.count)]) == bytes })
    }

    static func standIn(_ directory: URL) throws -> ContactReplyClientTests.StandIn {
        try ContactReplyClientTests.StandIn(directory: directory) { request, id in
            guard request.hasPrefix("search:") else { return try ContactReplyClientTests.annReply(id: id) }
            let variant = request.dropFirst("search:".count)
            var body = try batchBody(id: id, unified: variant == "unified")
            let zoe = try start(of: "Zoë", in: body)
            let bob = try start(of: "bob:ABPerson", in: body)
            switch variant {
            case "not-utf8": body.replaceSubrange(zoe..<(zoe + 3), with: [0xFF, 0xFE, 0xC0])
            case "surrogate": body.replaceSubrange(zoe..<(zoe + 3), with: [0xED, 0xA0, 0x80])
            case "past-the-end": body[bob - 1] = 0x7F  // bob's length, past the end of the batch
            case "wrong-wire-type": body[bob - 3] = 0x9B  // bob's key as a start group that never ends
            default: break
            }
            return body
        }
    }

    static func search(_ connection: DaemonConnection, _ name: String) throws(CNError) -> [ContactStorage] {
        var found: [ContactStorage] = []
        let query = ContactQuery(predicate: .contactsMatchingName(name), keys: .identifierOnly)
        try connection.enumerateContacts(query) { contact in
            found.append(contact)
            return true
        }
        return found
    }

    @Test func aMalformedIdentifierBatchFailsThatCallAloneWithDataAccessError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The batch is one the app reads by hand, not one left to SwiftProtobuf.
        #expect(try IdentifierBatchFrame.decode(try Self.batchBody(id: 3, unified: false)) != nil)
        let standIn = try Self.standIn(directory)
        let connection = DaemonConnection(socketPath: standIn.path)
        for variant in ["not-utf8", "surrogate", "past-the-end", "wrong-wire-type"] {
            var handed = 0
            let error = #expect(throws: CNError.self, "\(variant)") {
                try connection.enumerateContacts(
                    ContactQuery(predicate: .contactsMatchingName(variant), keys: .identifierOnly)
                ) { _ in
                    handed += 1
                    return true
                }
            }
            #expect(error?.code == .dataAccessError, "\(variant)")
            #expect(error?.code.rawValue == 2, "\(variant)")
            // The batch fails whole: none of its contacts reached the block.
            #expect(handed == 0, "\(variant)")
        }
        // The connection stayed in step: the next batches and the next contact are read whole, on it.
        let found = try Self.search(connection, "whole")
        #expect(found.map(\.identifier) == Self.identifiers)
        #expect(found.allSatisfy { $0.linkedIdentifiers.isEmpty && $0.fetchedKeys == .identifierOnly })
        let unified = try Self.search(connection, "unified")
        #expect(unified.map(\.identifier) == Self.identifiers)
        #expect(unified.map(\.linkedIdentifiers) == Self.identifiers.map { [$0] })
        let ann = try #require(
            try connection.contact(identifier: "ann", keys: ContactKeySet([.givenName, .phoneNumbers]), unify: false))
        #expect(ann.givenName == "Annabelle")
        #expect(standIn.connections.value.load(ordering: .sequentiallyConsistent) == 1)
    }
}
