import ContactsProtocol
import Foundation
import Testing

@Suite struct FrameBufferTests {
    /// Messages of several sizes, an empty one (a frame of length 0) included.
    static let messages: [Contacts_V1_ServerMessage] = {
        var welcome = Contacts_V1_ServerMessage()
        welcome.id = 0
        welcome.welcome.protocolVersion = 1
        welcome.welcome.bundleIdentifier = "com.example.app"
        var empty = Contacts_V1_ServerMessage()
        empty.id = 0
        var batch = Contacts_V1_ServerMessage()
        batch.id = 300
        batch.contactBatch.contacts = (0..<3).map { index in
            var contact = Contacts_V1_Contact()
            contact.identifier = "\(index):ABPerson"
            contact.keys = ["givenName"]
            contact.givenName = String(repeating: "é", count: 40 * index)
            return contact
        }
        batch.contactBatch.last = true
        var notice = Contacts_V1_ServerMessage()
        notice.changeNotice.saveIdentifiers = ["S1"]
        return [welcome, empty, batch, notice]
    }()

    static let stream: [UInt8] = messages.flatMap { (try? Frame.encode($0)) ?? [] }

    /// Every frame the buffer yields, after each of the chunks.
    static func frames(of chunks: [ArraySlice<UInt8>]) throws -> [Contacts_V1_ServerMessage] {
        var buffer = FrameBuffer()
        var result: [Contacts_V1_ServerMessage] = []
        for chunk in chunks {
            buffer.append(chunk)
            while let body = try buffer.nextFrame() {
                result.append(try Frame.decode(Contacts_V1_ServerMessage.self, from: body))
            }
        }
        try buffer.finish()
        return result
    }

    @Test func theStreamHoldsAnEmptyFrame() throws {
        // Guards the split tests: a zero-length frame is the easiest one to lose.
        #expect(try Frame.encode(Self.messages[1]) == [0, 0, 0, 0])
        #expect(Self.stream.count > 300)
    }

    @Test(arguments: 0...stream.count)
    func framesSplitAtAnyByteComeOutWhole(at split: Int) throws {
        let chunks = [Self.stream[..<split], Self.stream[split...]]
        #expect(try Self.frames(of: chunks) == Self.messages)
    }

    @Test func framesFedOneByteAtATimeComeOutWhole() throws {
        let chunks = Self.stream.indices.map { Self.stream[$0...$0] }
        #expect(try Self.frames(of: chunks) == Self.messages)
    }

    @Test func framesFedAtOnceComeOutWhole() throws {
        #expect(try Self.frames(of: [Self.stream[...]]) == Self.messages)
    }

    @Test(arguments: [1, 777, 4096, 10_000])
    func thousandsOfFramesInChunksComeOutWholeAndInOrder(chunkSize: Int) throws {
        // Enough bytes that the buffer discards what it handed out while a partial frame is pending.
        let messages = (0..<3_000).map { index in
            var message = Contacts_V1_ServerMessage()
            message.id = UInt64(index)
            message.stringValue.value = String(repeating: "x", count: index % 50)
            return message
        }
        let stream = try messages.flatMap { try Frame.encode($0) }
        let chunks = stride(from: 0, to: stream.count, by: chunkSize).map {
            stream[$0..<min($0 + chunkSize, stream.count)]
        }
        #expect(try Self.frames(of: chunks) == messages)
    }

    @Test func theLengthPrefixIsBigEndian() throws {
        var message = Contacts_V1_BytesReply()
        message.value = Data(repeating: 7, count: 300)
        let frame = try Frame.encode(message)
        // 300 bytes of value, after a tag byte and a two-byte length: 303 = 0x012F.
        #expect(Array(frame.prefix(4)) == [0, 0, 0x01, 0x2F])
        #expect(frame.count == 4 + 303)
    }

    @Test(arguments: [1, 2, 3])
    func anOversizedLengthPrefixFailsBeforeTheBodyArrives(headerBytesBefore: Int) throws {
        let length = UInt32(ProtocolVersion.maximumFrameLength + 1)
        let header: [UInt8] = [
            UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
        ]
        var buffer = FrameBuffer()
        buffer.append(header.prefix(headerBytesBefore))
        #expect(try buffer.nextFrame() == nil)
        buffer.append(header.dropFirst(headerBytesBefore))
        let error = #expect(throws: WireError.self) { try buffer.nextFrame() }
        #expect(error?.code == .frameTooLarge)
        // The buffer stays failed and holds nothing the peer sends after.
        buffer.append([UInt8](repeating: 0, count: 1000))
        #expect(buffer.bufferedByteCount == 0)
        #expect(throws: WireError.self) { try buffer.nextFrame() }
        #expect(throws: WireError.self) { try buffer.finish() }
    }

    @Test func aLengthPrefixOfExactlyTheMaximumIsAccepted() throws {
        let length = ProtocolVersion.maximumFrameLength
        var buffer = FrameBuffer()
        buffer.append([
            UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
        ])
        #expect(try buffer.nextFrame() == nil)
        #expect(buffer.bufferedByteCount == 4)
    }

    @Test(arguments: 1..<stream.count)
    func aTruncatedStreamYieldsNoPartialFrame(length: Int) throws {
        var buffer = FrameBuffer()
        buffer.append(Self.stream.prefix(length))
        var count = 0
        while let body = try buffer.nextFrame() {
            #expect(try Frame.decode(Contacts_V1_ServerMessage.self, from: body) == Self.messages[count])
            count += 1
        }
        let complete = Self.messages.map { (try? Frame.encode($0).count) ?? 0 }
        let completeCount = (1...complete.count).last { complete.prefix($0).reduce(0, +) <= length } ?? 0
        #expect(count == completeCount)
        if buffer.bufferedByteCount > 0 {
            let error = #expect(throws: WireError.self) { try buffer.finish() }
            #expect(error?.code == .truncatedFrame)
        }
    }

    @Test func aSingleTruncatedFrameYieldsNothing() throws {
        let frame = try Frame.encode(Self.messages[2])
        var buffer = FrameBuffer()
        buffer.append(frame.dropLast())
        #expect(try buffer.nextFrame() == nil)
        let error = #expect(throws: WireError.self) { try buffer.finish() }
        #expect(error?.code == .truncatedFrame)
    }

    /// A long frame (a 200 kB batch) between two short ones, as the client reads them.
    static let longStream: (messages: [Contacts_V1_ServerMessage], bytes: [UInt8]) = {
        var long = Contacts_V1_ServerMessage()
        long.id = 7
        long.stringValue.value = String((0..<100_000).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        let around = [FrameBufferTests.messages[0], long, FrameBufferTests.messages[3]]
        return (around, around.flatMap { (try? Frame.encode($0)) ?? [] })
    }()

    /// Reads the long stream as the client does: frames from the buffer, and a long frame's rest straight into its
    /// body, `chunkSize` bytes a read.
    static func framesReadingLongBodiesDirectly(chunkSize: Int, minimumLength: Int) throws -> (
        messages: [Contacts_V1_ServerMessage], direct: Int
    ) {
        let stream = longStream.bytes
        var buffer = FrameBuffer()
        var offset = 0
        var result: [Contacts_V1_ServerMessage] = []
        var direct = 0
        while offset < stream.count || buffer.bufferedByteCount > 0 {
            if let body = try buffer.nextFrame() {
                result.append(try Frame.decode(Contacts_V1_ServerMessage.self, from: body))
                continue
            }
            if let incomplete = try buffer.takeIncompleteFrame(minimumLength: minimumLength) {
                #expect(buffer.bufferedByteCount == 0)
                #expect(incomplete.received.count < incomplete.length)
                let rest = incomplete.length - incomplete.received.count
                let body = Array(incomplete.received) + stream[offset..<offset + rest]
                offset += rest
                direct += 1
                result.append(try Frame.decode(Contacts_V1_ServerMessage.self, from: body))
                continue
            }
            guard offset < stream.count else { break }
            let end = min(offset + chunkSize, stream.count)
            buffer.append(stream[offset..<end])
            offset = end
        }
        try buffer.finish()
        return (result, direct)
    }

    @Test(arguments: [1, 3, 4_096, 65_536, 99_999])
    func aLongFramesRestReadStraightIntoItsBodyComesOutWhole(chunkSize: Int) throws {
        let read = try Self.framesReadingLongBodiesDirectly(chunkSize: chunkSize, minimumLength: 65_536)
        #expect(read.messages == Self.longStream.messages)
        // The long frame went around the buffer; the short ones through it.
        #expect(read.direct == 1)
    }

    @Test func aLongFrameAlreadyWholeAndShortFramesStayInTheBuffer() throws {
        // The whole stream in one read: nothing is incomplete.
        var buffer = FrameBuffer()
        buffer.append(Self.longStream.bytes)
        #expect(try buffer.takeIncompleteFrame(minimumLength: 1) == nil)
        // A short frame's first bytes: below the minimum, left to the buffer.
        var short = FrameBuffer()
        let frame = try Frame.encode(Self.messages[2])
        short.append(frame.prefix(10))
        #expect(try short.takeIncompleteFrame(minimumLength: frame.count) == nil)
        #expect(short.bufferedByteCount == 10)
        // A header not yet whole.
        var header = FrameBuffer()
        header.append(frame.prefix(3))
        #expect(try header.takeIncompleteFrame(minimumLength: 1) == nil)
        #expect(header.bufferedByteCount == 3)
        let read = try Self.framesReadingLongBodiesDirectly(chunkSize: 4_096, minimumLength: 200_000)
        #expect(read.messages == Self.longStream.messages)
        #expect(read.direct == 0)
    }

    @Test func anOversizedLengthPrefixFailsTheIncompleteFrameToo() throws {
        let length = UInt32(ProtocolVersion.maximumFrameLength + 1)
        var buffer = FrameBuffer()
        buffer.append([
            UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
        ])
        let error = #expect(throws: WireError.self) { try buffer.takeIncompleteFrame(minimumLength: 1) }
        #expect(error?.code == .frameTooLarge)
        #expect(throws: WireError.self) { try buffer.nextFrame() }
    }
}
