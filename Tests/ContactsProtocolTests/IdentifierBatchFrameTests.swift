import ContactsModel
import ContactsProtocol
import ContactsTestSupport
import Foundation
import SwiftProtobuf
import Testing

/// Batches of bare identifiers kept as the frame's bytes (IdentifierBatchFrame) against SwiftProtobuf's path (the
/// `ServerMessage`, then `ContactBatch.storages()`): the same identifiers in the same order, linked to themselves
/// when `identifiers_unified` says so, and malformed bytes refused where SwiftProtobuf refuses them, with a
/// WireError, never a crash.
@Suite struct IdentifierBatchFrameTests {
    /// The daemon's bound on a batch of bare identifiers (configuration.maximumIdentifierBatchSize).
    static let daemonBatch = 4096

    /// Identifiers in the store's form, `count` of them.
    static func identifiers(_ count: Int, seed: Int = 0) -> [String] {
        (0..<count).map { index in
            let hex = String(index &* 2_654_435_761 &+ seed, radix: 16, uppercase: true)
            return "\(String(repeating: "0", count: max(0, 8 - hex.count)))\(hex)-5F3C-4E1A-9B2D-\(index):ABPerson"
        }
    }

    /// The frame body contactsd sends for `identifiers` (fetched unified or not) to a client that reads compact
    /// batches.
    static func body(_ identifiers: [String], unified: Bool, id: UInt64 = 77, last: Bool = true) throws -> [UInt8] {
        try WireFixtures.bareIdentifierBatch(identifiers, unified: unified, id: id, last: last)
    }

    /// A batch as both readers give it: its contacts and whether it is the last.
    struct Read: Equatable {
        var identifiers: [String]
        var linked: [[String]]
        var identifierOnly: Bool
        var last: Bool

        init(_ storages: [ContactStorage], last: Bool) {
            identifiers = storages.map(\.identifier)
            linked = storages.map(\.linkedIdentifiers)
            identifierOnly = storages.allSatisfy { $0.fetchedKeys == .identifierOnly }
            self.last = last
        }
    }

    /// What the client read before: SwiftProtobuf's message, then the storages from it.
    static func protobufRead(_ body: [UInt8]) throws -> Read {
        let message = try Frame.decode(Contacts_V1_ServerMessage.self, from: body)
        guard case .contactBatch(let batch) = message.body else { throw WireError(.malformedMessage, "not a batch") }
        return Read(try batch.storages(), last: batch.last)
    }

    static func read(_ batch: IdentifierBatchFrame.Batch) -> Read {
        Read((0..<batch.count).map { batch.storage(at: $0) }, last: batch.last)
    }

    /// The hand-written reader's batch; the frame must be one it reads.
    static func handRead(_ body: [UInt8], id: UInt64 = 77) throws -> Read {
        let reply = try #require(try IdentifierBatchFrame.decode(body))
        #expect(reply.id == id)
        return read(try reply.value.get())
    }

    // MARK: The same identifiers

    @Test(arguments: [false, true])
    func batchesAsTheDaemonSendsThemReadAsSwiftProtobufReadsThem(unified: Bool) throws {
        // Past one batch of the daemon's, so the read crosses from one frame to the next.
        let all = Self.identifiers(Self.daemonBatch + 905)
        var handed: [String] = []
        for start in stride(from: 0, to: all.count, by: Self.daemonBatch) {
            let page = Array(all[start..<min(start + Self.daemonBatch, all.count)])
            let last = start + Self.daemonBatch >= all.count
            let body = try Self.body(page, unified: unified, id: 9, last: last)
            let mine = try Self.handRead(body, id: 9)
            #expect(mine == (try Self.protobufRead(body)))
            #expect(mine.last == last)
            #expect(mine.identifierOnly)
            #expect(mine.linked == (unified ? page.map { [$0] } : page.map { _ in [] }))
            handed += mine.identifiers
        }
        #expect(handed == all)
    }

    static let edgeCases: [String: [String]] = [
        "one": ["A1:ABPerson"],
        "empty identifier": ["", "B2:ABPerson", ""],
        "non-ASCII": ["Zoë-é:ABPerson", "日本語", "emoji 🧑‍💻 four bytes", "ﬁ ligature", "a\u{0}nul"],
        "ASCII runs around non-ASCII": [
            "abcdefghijklmnop\u{E9}qrstuvwxyz0123456789", String(repeating: "x", count: 17) + "\u{10FFFF}",
        ],
        "long": [String(repeating: "0123456789abcdef", count: 8_192), "short"],
        "duplicates": ["same", "same", "same"],
    ]

    @Test(arguments: edgeCases.keys.sorted())
    func anEdgeCaseReadsAsSwiftProtobufReadsIt(_ name: String) throws {
        let identifiers = try #require(Self.edgeCases[name])
        for unified in [false, true] {
            for last in [false, true] {
                let body = try Self.body(identifiers, unified: unified, last: last)
                let mine = try Self.handRead(body)
                #expect(mine == (try Self.protobufRead(body)), "\(name)")
                #expect(mine.identifiers == identifiers, "\(name)")
                #expect(mine.last == last)
            }
        }
    }

    @Test func otherRepliesAreLeftToOthers() throws {
        var status = Contacts_V1_ServerMessage()
        status.id = 4
        status.authorizationStatus = Contacts_V1_AuthorizationStatusReply()
        #expect(try IdentifierBatchFrame.decode(Array(Frame.encode(status).dropFirst(Frame.headerLength))) == nil)
        #expect(try IdentifierBatchFrame.decode([]) == nil)
        // A column batch, a batch of contacts with their keys, and an empty last batch.
        var ann = ContactStorage(identifier: "ann", fetchedKeys: ContactKeySet([.givenName]))
        ann.givenName = "Ann"
        for columns in [true, false] {
            var message = Contacts_V1_ServerMessage()
            message.id = 4
            message.contactBatch = Contacts_V1_ContactBatch(compact: [ann], last: true, columns: columns)
            #expect(try IdentifierBatchFrame.decode(Array(Frame.encode(message).dropFirst(Frame.headerLength))) == nil)
        }
        var empty = Contacts_V1_ServerMessage()
        empty.id = 4
        empty.contactBatch.last = true
        #expect(try IdentifierBatchFrame.decode(Array(Frame.encode(empty).dropFirst(Frame.headerLength))) == nil)
        // Identifiers beside keys: SwiftProtobuf's path refuses them.
        var keyed = Contacts_V1_ServerMessage()
        keyed.id = 4
        keyed.contactBatch.identifiers = ["a", "b"]
        keyed.contactBatch.keys = ["givenName"]
        let keyedBody = Array(try Frame.encode(keyed).dropFirst(Frame.headerLength))
        #expect(try IdentifierBatchFrame.decode(keyedBody) == nil)
        #expect(throws: WireError.self) { try Self.protobufRead(keyedBody) }
        // A batch followed by another body: the oneof keeps the last.
        let later = try Self.body(["a"], unified: false) + Array(Frame.encode(status).dropFirst(Frame.headerLength))
        #expect(try IdentifierBatchFrame.decode(later) == nil)
    }

    // MARK: Malformed bytes

    /// The batch every malformed variant starts from.
    static func sampleBody() throws -> [UInt8] {
        try body(["ann:ABPerson", "Zoë", "", "bob:ABPerson"], unified: true, last: false)
    }

    /// Reads a variant both ways: the hand reader (or SwiftProtobuf, when it leaves the frame to it) and
    /// SwiftProtobuf alone; both must accept it with the same identifiers or both refuse it. True when refused.
    static func readBothWays(_ variant: [UInt8], _ name: String) -> Bool {
        let expected = Result { try protobufRead(variant) }
        let actual: Result<Read, any Error>
        do {
            if let reply = try IdentifierBatchFrame.decode(variant) {
                actual = reply.value.map(read).mapError { $0 as any Error }
            } else {
                actual = Result { try protobufRead(variant) }
            }
        } catch {
            #expect(error.code == .malformedMessage)
            actual = .failure(error)
        }
        switch (actual, expected) {
        case (.success(let mine), .success(let theirs)):
            #expect(mine == theirs, "\(name)")
            return false
        case (.failure(let error), .failure):
            #expect(error is WireError, "\(name)")
            return true
        default:
            Issue.record("\(name): the readers disagree on \(variant.count) bytes: \(actual) against \(expected)")
            return false
        }
    }

    /// Where an identifier's bytes start in a body.
    static func start(of text: String, in body: [UInt8]) throws -> Int {
        let bytes = Array(text.utf8)
        return try #require(body.indices.first { Array(body[$0..<min($0 + bytes.count, body.count)]) == bytes })
    }

    @Test func everyTruncatedFrameIsRefused() throws {
        let body = try Self.sampleBody()
        for length in 1..<body.count {
            // A frame cut anywhere is refused: its outer length runs past its end.
            #expect(Self.readBothWays(Array(body[..<length]), "cut at \(length)"), "cut at \(length)")
            if let reply = try? IdentifierBatchFrame.decode(Array(body[..<length])) {
                #expect(throws: WireError.self) { try reply.value.get() }
            }
        }
    }

    @Test func aLengthPastTheEndOfTheBatchFailsThatBatchAlone() throws {
        var body = try Self.sampleBody()
        let start = try Self.start(of: "bob:ABPerson", in: body)
        body[start - 1] = 0x7F  // the last identifier's length, past the end of the batch
        let reply = try #require(try IdentifierBatchFrame.decode(body))
        #expect(reply.id == 77)
        #expect(throws: WireError.self) { try reply.value.get() }
        #expect(Self.readBothWays(body, "length past the end"))
    }

    @Test func anIdentifierThatIsNotUTF8FailsThatBatchAlone() throws {
        let body = try Self.sampleBody()
        let start = try Self.start(of: "Zoë", in: body)
        // "Zoë" is four bytes: a byte never in UTF-8, an overlong NUL, a surrogate, past U+10FFFF, a cut sequence.
        let variants: [String: [UInt8]] = [
            "0xFF": [0x5A, 0x6F, 0xFF, 0x20], "overlong": [0x5A, 0x6F, 0xC0, 0x80],
            "surrogate": [0x5A, 0xED, 0xA0, 0x80],
            "past U+10FFFF": [0xF4, 0x90, 0x80, 0x80], "cut": [0x5A, 0x6F, 0x20, 0xC3],
        ]
        #expect(Array(body[start..<(start + 4)]) == Array("Zoë".utf8))
        for (name, bytes) in variants {
            var broken = body
            broken.replaceSubrange(start..<(start + 4), with: bytes)
            let reply = try #require(try IdentifierBatchFrame.decode(broken), "\(name)")
            #expect(throws: WireError.self, "\(name)") { try reply.value.get() }
            #expect(Self.readBothWays(broken, name), "\(name)")
        }
    }

    @Test func aWrongWireTypeIsSteppedOverOrRefusedAsSwiftProtobufDoes() throws {
        var body = try Self.sampleBody()
        let start = try Self.start(of: "bob:ABPerson", in: body)
        // The last identifier's key (ContactBatch.identifiers = 51, length-delimited: 0x9A 0x03).
        #expect(Array(body[(start - 3)..<(start - 1)]) == [0x9A, 0x03])
        // As a start group that never ends: refused.
        body[start - 3] = 0x9B
        let reply = try #require(try IdentifierBatchFrame.decode(body))
        #expect(throws: WireError.self) { try reply.value.get() }
        #expect(Self.readBothWays(body, "start group"))
        // As a varint: the length byte (12) is its value, an unknown field to both, and the identifier's bytes then
        // read as fields of their own.
        body[start - 3] = 0x98
        _ = Self.readBothWays(body, "varint")
        // As a fixed32: an unknown field of four bytes to both.
        body[start - 3] = 0x9D
        _ = Self.readBothWays(body, "fixed32")
    }

    @Test func unknownFieldsAreSkipped() throws {
        let body = try Self.sampleBody()
        // An unknown varint, fixed64 and length-delimited field at the frame's end.
        let unknown: [UInt8] =
            [0xF8, 0x07, 0x05, 0xF9, 0x07] + [UInt8](repeating: 9, count: 8) + [0xFA, 0x07, 2, 1, 2]
        let outer = body + unknown
        #expect(try Self.handRead(outer) == (try Self.handRead(body)))
        #expect(!Self.readBothWays(outer, "unknown outer fields"))
        // The same fields inside the batch, between its identifiers: ServerMessage.contact_batch's length grows.
        let message = try Frame.decode(Contacts_V1_ServerMessage.self, from: body)
        var batch: [UInt8] = try message.contactBatch.serializedBytes()
        let split = try Self.start(of: "bob:ABPerson", in: batch) - 3
        batch.insert(contentsOf: unknown, at: split)
        batch += unknown
        var inner: [UInt8] = [0x08, 77, 0x32]
        var length = batch.count
        while length >= 0x80 {
            inner.append(UInt8(length & 0x7F) | 0x80)
            length >>= 7
        }
        inner.append(UInt8(length))
        inner += batch
        let mine = try Self.handRead(inner)
        #expect(mine == (try Self.handRead(body)))
        #expect(mine.identifiers == ["ann:ABPerson", "Zoë", "", "bob:ABPerson"])
        #expect(!Self.readBothWays(inner, "unknown batch fields"))
    }

    @Test func everyByteBrokenReadsAsSwiftProtobufReadsIt() throws {
        let body = try Self.sampleBody()
        var refused = 0
        var variants = 0
        for index in body.indices {
            for byte: UInt8 in [0x00, 0x01, 0x07, 0x33, 0x7F, 0x80, 0xC3, 0xED, 0xFF] where byte != body[index] {
                var broken = body
                broken[index] = byte
                variants += 1
                if Self.readBothWays(broken, "byte \(index) as \(byte)") { refused += 1 }
            }
        }
        // Guards the loop: many variants are broken.
        #expect(refused > variants / 4)
    }
}
