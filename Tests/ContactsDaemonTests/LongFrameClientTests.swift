import ContactsClient
import ContactsModel
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// The app reads a frame longer than its socket chunk (a name search's batch with all keys: about 430 bytes a hit)
/// straight into the frame's body (FrameBuffer.takeIncompleteFrame, DaemonSocket): ContactReplyClientTests'
/// stand-in answers each name search with the batch the test chose, written whole, so the socket hands it to
/// the app in pieces.
@Suite struct LongFrameClientTests {
    /// 6,000 identifiers of 40–46 bytes: a batch of about 270 kB, four times the app's 64 KiB chunk.
    static let identifiers = (0..<6_000).map { "\($0)-\(String(repeating: "é", count: 16)):ABPerson" }
    static let short = ["ann:ABPerson", "bob:ABPerson"]

    static func search(_ connection: DaemonConnection, _ name: String) throws(CNError) -> [String] {
        var found: [String] = []
        let query = ContactQuery(predicate: .contactsMatchingName(name), keys: .identifierOnly)
        try connection.enumerateContacts(query) { contact in
            found.append(contact.identifier)
            return true
        }
        return found
    }

    @Test func longBatchesBetweenShortRepliesAreReadWholeAndInStep() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let standIn = try ContactReplyClientTests.StandIn(directory: directory) { request, id in
            switch request {
            case "search:long": try WireFixtures.bareIdentifierBatch(Self.identifiers, unified: false, id: id)
            case "search:short": try WireFixtures.bareIdentifierBatch(Self.short, unified: false, id: id)
            default: try ContactReplyClientTests.annReply(id: id)
            }
        }
        #expect(try WireFixtures.bareIdentifierBatch(Self.identifiers, unified: false, id: 1).count > 4 * 65_536)
        let connection = DaemonConnection(socketPath: standIn.path)
        // Long, short, long again, then a contact: each reply whole, and the bytes after a long frame (none here:
        // the stand-in answers one call at a time) never taken into it.
        for name in ["long", "short", "long", "long", "short"] {
            let found = try Self.search(connection, name)
            #expect(found == (name == "long" ? Self.identifiers : Self.short), "\(name)")
        }
        let ann = try #require(
            try connection.contact(identifier: "ann", keys: ContactKeySet([.givenName, .phoneNumbers]), unify: false))
        #expect(ann.givenName == "Annabelle")
        #expect(standIn.connections.value.load(ordering: .sequentiallyConsistent) == 1)
    }
}
