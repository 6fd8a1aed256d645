import ContactsModel
import ContactsProtocol
import ContactsTestSupport
import Foundation
import SwiftProtobuf
import Testing

/// Column batches read straight from a frame's bytes (ColumnBatchFrame) against SwiftProtobuf's path (the
/// `ServerMessage`, then `ContactBatch.storages()`): the same contacts, contact for contact, and malformed bytes
/// refused where SwiftProtobuf refuses them, with a WireError, never a crash.
@Suite struct ColumnBatchFrameTests {
    /// Every key the column form carries: all but the image data and the thumbnail.
    static let columnKeys = ContactKeySet.all.subtracting(ContactKeySet([.imageData, .thumbnailImageData]))

    /// The key sets the benchmarks' searches and enumerations fetch, and every column key.
    static let keySets: [ContactKeySet] = [
        ContactKeySet([.givenName, .familyName]), columnKeys, ContactKeySet([.phoneNumbers, .birthday, .note]),
        ContactKeySet([.dates, .postalAddresses, .socialProfiles, .instantMessageAddresses, .contactType]),
    ]

    /// The frame body contactsd sends for `contacts` (each made to hold `keys`) to a client that reads columns.
    static func body(_ contacts: [ContactStorage], keys: ContactKeySet, id: UInt64 = 77, last: Bool = true) throws
        -> [UInt8]
    {
        let page = contacts.map { storage in
            var storage = storage
            storage.fetchedKeys = keys.union(.identifierOnly)
            return storage
        }
        var message = Contacts_V1_ServerMessage()
        message.id = id
        message.contactBatch = Contacts_V1_ContactBatch(compact: page, last: last, columns: true)
        return Array(try Frame.encode(message).dropFirst(Frame.headerLength))
    }

    /// What the client read before: SwiftProtobuf's message, then the storages from it.
    static func protobufBatch(_ body: [UInt8]) throws -> ColumnBatchFrame.Batch {
        let message = try Frame.decode(Contacts_V1_ServerMessage.self, from: body)
        guard case .contactBatch(let batch) = message.body else { throw WireError(.malformedMessage, "not a batch") }
        return ColumnBatchFrame.Batch(storages: try batch.storages(), last: batch.last)
    }

    /// The hand-written reader's batch; the frame must be one it reads.
    static func handBatch(_ body: [UInt8], id: UInt64 = 77) throws -> ColumnBatchFrame.Batch {
        let reply = try #require(try ColumnBatchFrame.decode(body))
        #expect(reply.id == id)
        return try reply.value.get()
    }

    static func expectSame(_ mine: ColumnBatchFrame.Batch, _ theirs: ColumnBatchFrame.Batch, _ name: String) {
        #expect(mine.last == theirs.last, "\(name)")
        #expect(mine.storages.count == theirs.storages.count, "\(name)")
        for (copy, original) in zip(mine.storages, theirs.storages) {
            ContactReplyFrameTests.expectSame(copy, original, name)
        }
    }

    // MARK: The same contacts

    @Test(arguments: keySets)
    func theRealisticBookReadsAsSwiftProtobufReadsIt(keys: ContactKeySet) throws {
        let book = ContactReplyFrameTests.realisticBook
        // The daemon's pages are 500; smaller ones here, as a search's are, and the whole book at once.
        for page in [Array(book[0..<1]), Array(book[1..<21]), book] {
            let body = try Self.body(page, keys: keys)
            let mine = try Self.handBatch(body)
            #expect(mine.storages.count == page.count)
            Self.expectSame(mine, try Self.protobufBatch(body), "\(keys.keys)")
        }
    }

    @Test(arguments: ContactReplyFrameTests.edgeCaseNames)
    func anEdgeCaseReadsAsSwiftProtobufReadsIt(_ name: String) throws {
        let storage = try ContactReplyFrameTests.edgeCase(name)
        // The edge case's own keys (those with a column form), then every column key.
        let own = storage.fetchedKeys.intersection(Self.columnKeys)
        for keys in [own, Self.columnKeys] where keys.union(.identifierOnly) != .identifierOnly {
            let body = try Self.body([storage, storage], keys: keys, last: false)
            Self.expectSame(try Self.handBatch(body), try Self.protobufBatch(body), name)
        }
    }

    @Test func everyEdgeCaseInOneBatchReadsAsSwiftProtobufReadsIt() throws {
        let page = ContactReplyFrameTests.edgeCases.map(\.storage)
        let body = try Self.body(page, keys: Self.columnKeys)
        let mine = try Self.handBatch(body)
        #expect(mine.storages.map(\.identifier) == page.map(\.identifier))
        // Mixed links (none, alone, several) are sent as counts; every contact's values come back.
        Self.expectSame(mine, try Self.protobufBatch(body), "every edge case")
    }

    @Test func unifiedContactsAloneReadAsSwiftProtobufReadsThem() throws {
        let page = ContactReplyFrameTests.realisticBook.prefix(5).map { storage in
            var storage = storage
            storage.setUnifiedAlone()
            return storage
        }
        let body = try Self.body(page, keys: ContactKeySet([.givenName, .familyName]))
        let mine = try Self.handBatch(body)
        #expect(mine.storages.allSatisfy { $0.linkedIdentifiers == [$0.identifier] })
        Self.expectSame(mine, try Self.protobufBatch(body), "unified alone")
    }

    @Test func packedAndUnpackedNumbersReadAlike() throws {
        // contactsd (SwiftProtobuf, proto3) packs repeated numbers; a writer may send them one field each.
        var columns = Contacts_V1_ContactColumns()
        columns.identifiers = ["a", "b"]
        columns.contactTypes = [1, 0]
        columns.imageDataAvailable = [true, false]
        var batch = Contacts_V1_ContactBatch()
        batch.keys = ["contactType", "imageDataAvailable"]
        batch.last = true
        var header = Contacts_V1_ServerMessage()
        header.id = 5
        // ServerMessage.contact_batch = 6 { ContactBatch.columns = 53 { identifiers, 6: 1, 6: 0, 7: 1, 7: 0 } }.
        var inner: [UInt8] = [0x0A, 1, 0x61, 0x0A, 1, 0x62, 0x30, 1, 0x30, 0, 0x38, 1, 0x38, 0]
        inner = [0xAA, 0x03, UInt8(inner.count)] + inner  // 53 << 3 | 2 = 426: 0xAA 0x03
        var keys: [UInt8] = []
        for key in batch.keys { keys += [0x92, 0x03, UInt8(key.utf8.count)] + Array(key.utf8) }  // 50 << 3 | 2
        let content = [0x10, 1] + keys + inner
        let unpacked = [0x08, 5, 0x32, UInt8(content.count)] + content
        let mine = try Self.handBatch(unpacked, id: 5)
        #expect(mine.storages.map(\.contactType) == [.organization, .person])
        #expect(mine.storages.map(\.imageDataAvailable) == [true, false])
        Self.expectSame(mine, try Self.protobufBatch(unpacked), "unpacked")
        batch.columns = columns
        header.contactBatch = batch
        let packed = Array(try Frame.encode(header).dropFirst(Frame.headerLength))
        #expect(packed != unpacked)
        Self.expectSame(try Self.handBatch(packed, id: 5), mine, "packed")
    }

    // MARK: Other replies

    @Test func otherRepliesAreLeftToSwiftProtobuf() throws {
        var status = Contacts_V1_ServerMessage()
        status.id = 4
        status.authorizationStatus = Contacts_V1_AuthorizationStatusReply()
        #expect(try ColumnBatchFrame.decode(Array(Frame.encode(status).dropFirst(Frame.headerLength))) == nil)
        #expect(try ColumnBatchFrame.decode([]) == nil)
        // A batch of bare identifiers, and an empty last batch, are not column batches.
        let bare = try Self.body(ContactReplyFrameTests.realisticBook.prefix(3).map { $0 }, keys: .identifierOnly)
        #expect(try ColumnBatchFrame.decode(bare) == nil)
        var empty = Contacts_V1_ServerMessage()
        empty.id = 4
        empty.contactBatch.last = true
        #expect(try ColumnBatchFrame.decode(Array(Frame.encode(empty).dropFirst(Frame.headerLength))) == nil)
        // A batch followed by another body: the oneof keeps the last.
        let later =
            try Self.body([ModelSamples.fullContact().storage], keys: Self.columnKeys)
            + Array(Frame.encode(status).dropFirst(Frame.headerLength))
        #expect(try ColumnBatchFrame.decode(later) == nil)
    }

    // MARK: Malformed bytes

    /// The batch of two contacts every malformed variant starts from, with its given names' offsets.
    static func sampleBody() throws -> [UInt8] {
        try Self.body(
            [
                try ContactReplyFrameTests.edgeCase("non-ASCII and empty values"),
                try ContactReplyFrameTests.edgeCase("dates with and without a year"),
            ],
            keys: columnKeys)
    }

    /// Reads a variant both ways: the hand reader (or SwiftProtobuf, when it leaves the frame to it) and
    /// SwiftProtobuf alone; both must accept it with the same contacts or both refuse it. True when refused.
    static func readBothWays(_ variant: [UInt8], _ name: String) -> Bool {
        let expected = Result { try protobufBatch(variant) }
        let actual: Result<ColumnBatchFrame.Batch, any Error>
        do {
            if let reply = try ColumnBatchFrame.decode(variant) {
                actual = reply.value.mapError { $0 as any Error }
            } else {
                actual = Result { try protobufBatch(variant) }
            }
        } catch {
            #expect(error.code == .malformedMessage)
            actual = .failure(error)
        }
        switch (actual, expected) {
        case (.success(let mine), .success(let theirs)):
            expectSame(mine, theirs, name)
            return false
        case (.failure(let error), .failure):
            #expect(error is WireError, "\(name)")
            return true
        default:
            Issue.record("\(name): the readers disagree on \(variant.count) bytes: \(actual) against \(expected)")
            return false
        }
    }

    @Test func everyTruncatedFrameIsRefused() throws {
        let body = try Self.sampleBody()
        for length in 1..<body.count {
            // A frame cut anywhere is refused: its outer lengths run past its end.
            #expect(Self.readBothWays(Array(body[..<length]), "cut at \(length)"), "cut at \(length)")
            let reply = try? ColumnBatchFrame.decode(Array(body[..<length]))
            if let reply { #expect(throws: WireError.self) { try reply.value.get() } }
        }
    }

    @Test func aLengthPastTheEndOfTheBatchFailsThatBatchAlone() throws {
        var body = try Self.sampleBody()
        let name = Array("Zoë".utf8)
        let start = try #require(body.indices.first { Array(body[$0..<min($0 + name.count, body.count)]) == name })
        body[start - 1] = 0x7F  // the given name's length, past the end of its column
        let reply = try #require(try ColumnBatchFrame.decode(body))
        #expect(reply.id == 77)
        #expect(throws: WireError.self) { try reply.value.get() }
        #expect(Self.readBothWays(body, "length past the end"))
    }

    @Test func aWrongWireTypeIsSteppedOverOrRefusedAsSwiftProtobufDoes() throws {
        var body = try Self.sampleBody()
        let name = Array("Zoë".utf8)
        let start = try #require(body.indices.first { Array(body[$0..<min($0 + name.count, body.count)]) == name })
        // The given name's key (StringColumn.values = 2, length-delimited) as a start group that never ends.
        #expect(body[start - 2] == 0x12)
        body[start - 2] = 0x13
        let reply = try #require(try ColumnBatchFrame.decode(body))
        #expect(throws: WireError.self) { try reply.value.get() }
        #expect(Self.readBothWays(body, "start group"))
        // As a fixed32 of four bytes: an unknown field to both, so the column is one value short.
        body[start - 2] = 0x15
        _ = Self.readBothWays(body, "fixed32")
    }

    @Test func unknownFieldsAreSkipped() throws {
        let body = try Self.sampleBody()
        // An unknown varint, fixed64 and length-delimited field at the frame's end, and inside the batch.
        let unknown: [UInt8] =
            [0xF8, 0x07, 0x05, 0xF9, 0x07] + [UInt8](repeating: 9, count: 8) + [0xFA, 0x07, 2, 1, 2]
        let outer = body + unknown
        Self.expectSame(try Self.handBatch(outer), try Self.handBatch(body), "unknown outer fields")
        #expect(!Self.readBothWays(outer, "unknown outer fields"))
        // ServerMessage.contact_batch's length grows by the unknown fields appended inside it.
        var reader = body[...]
        #expect(reader.removeFirst() == 0x08 && reader.removeFirst() == 77 && reader.removeFirst() == 0x32)
        var length = 0
        var shift = 0
        while let byte = reader.first, byte >= 0x80 {
            length |= Int(byte & 0x7F) << shift
            shift += 7
            reader.removeFirst()
        }
        length |= Int(reader.removeFirst()) << shift
        #expect(reader.count == length)
        var inner: [UInt8] = [0x08, 77, 0x32]
        var grown = length + unknown.count
        while grown >= 0x80 {
            inner.append(UInt8(grown & 0x7F) | 0x80)
            grown >>= 7
        }
        inner.append(UInt8(grown))
        inner += Array(reader) + unknown
        Self.expectSame(try Self.handBatch(inner), try Self.handBatch(body), "unknown batch fields")
        #expect(!Self.readBothWays(inner, "unknown batch fields"))
    }

    @Test func everyByteBrokenReadsAsSwiftProtobufReadsIt() throws {
        let body = try Self.sampleBody()
        var refused = 0
        var variants = 0
        for index in body.indices {
            for byte: UInt8 in [0x00, 0x01, 0x07, 0x33, 0x7F, 0x80, 0xFF] where byte != body[index] {
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
