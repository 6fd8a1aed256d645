import ContactsProtocol
import Testing

@Suite struct ProtocolVersionTests {
    @Test func theGeneratedMessagesRoundTripThroughTheirBinaryForm() throws {
        var message = Contacts_V1_ClientMessage()
        message.id = 7
        message.hello.protocolVersion = ProtocolVersion.current
        let decoded = try Contacts_V1_ClientMessage(serializedBytes: try message.serializedBytes() as [UInt8])
        #expect(decoded == message)
        #expect(decoded.hello.protocolVersion == 1)
    }
}
