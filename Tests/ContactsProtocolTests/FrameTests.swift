import ContactsProtocol
import Foundation
import Testing

@Suite struct FrameTests {
    /// A bytes reply whose serialized form is `size` bytes: a tag byte, a 4-byte length, then the value.
    static func reply(serializedSize size: Int) -> Contacts_V1_BytesReply {
        var message = Contacts_V1_BytesReply()
        message.value = Data(count: size - 5)
        return message
    }

    @Test func aMessageOfTheMaximumLengthIsFramed() throws {
        let frame = try Frame.encode(Self.reply(serializedSize: ProtocolVersion.maximumFrameLength))
        #expect(frame.count == 4 + ProtocolVersion.maximumFrameLength)
        var buffer = FrameBuffer()
        buffer.append(frame)
        #expect(try buffer.nextFrame()?.count == ProtocolVersion.maximumFrameLength)
    }

    @Test func aMessageAboveTheMaximumLengthIsRefusedBeforeSending() throws {
        let error = #expect(throws: WireError.self) {
            try Frame.encode(Self.reply(serializedSize: ProtocolVersion.maximumFrameLength + 1))
        }
        #expect(error?.code == .frameTooLarge)
    }

    @Test(arguments: [[0xFF], [0x0A, 0x05, 0x41], [0x0A, 0x01, 0xFF]] as [[UInt8]])
    func bytesThatAreNotAMessageAreMalformed(_ body: [UInt8]) throws {
        // A bad tag, a string longer than the frame, and a string that is not UTF-8.
        let error = #expect(throws: WireError.self) { try Frame.decode(Contacts_V1_Contact.self, from: body) }
        #expect(error?.code == .malformedMessage)
        #expect(error?.cause != nil)
    }

    @Test func anEmptyBodyIsTheDefaultMessage() throws {
        #expect(try Frame.decode(Contacts_V1_ClientMessage.self, from: []) == Contacts_V1_ClientMessage())
    }
}
