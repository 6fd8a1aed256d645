import ContactsProtocol
import Foundation

/// How one fuzz input becomes the bytes written to the daemon.
///
/// The first byte chooses: bit 0 prepends a valid Hello frame, so most inputs get past the greeting and reach the
/// request handlers; bit 1 reads the rest as chunks of a 2-byte big-endian length and that many bytes, each sent as
/// one well-formed frame, so mutations land in the protobuf and handler code rather than only in the framing.
/// Otherwise the rest is written as it is: the framing itself is fuzzed (bad lengths, huge lengths, truncation).
/// Bit 2 sends it to the daemon that knows the fuzzer as the person's agent rather than as an app (``FuzzDaemon``).
struct FuzzInput {
    let bytes: [UInt8]
    /// Whether the input goes to the daemon that knows the fuzzer as the person's agent.
    let asPersonAgent: Bool

    init(_ data: UnsafeRawBufferPointer) {
        guard let flags = data.first else {
            bytes = []
            asPersonAgent = false
            return
        }
        asPersonAgent = flags & 4 != 0
        let rest = Array(data.dropFirst())
        var out: [UInt8] = []
        if flags & 1 != 0 { out += Self.frame(Self.hello) }
        if flags & 2 != 0 {
            var index = 0
            while index + 2 <= rest.count {
                let length = Int(rest[index]) << 8 | Int(rest[index + 1])
                index += 2
                let end = min(rest.count, index + length)
                out += Self.frame(Array(rest[index..<end]))
                index = end
            }
        } else {
            out += rest
        }
        bytes = out
    }

    static let hello: [UInt8] = {
        var message = Contacts_V1_ClientMessage()
        message.id = 1
        var hello = Contacts_V1_Hello()
        hello.protocolVersion = ProtocolVersion.current
        message.body = .hello(hello)
        return (try? message.serializedBytes()) ?? []
    }()

    static func frame(_ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + payload
    }
}
