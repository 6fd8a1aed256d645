/// The versions of the contactsd wire protocol (Protocol/contacts/v1/contacts.proto, docs/Protocol.md).
package enum ProtocolVersion {
    /// The version this build speaks.
    package static let current: UInt32 = 1
    /// The longest frame either side accepts: a larger length prefix is an error that closes the connection.
    package static let maximumFrameLength = 16 * 1024 * 1024
}
