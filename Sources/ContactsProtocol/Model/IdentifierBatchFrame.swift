import ContactsModel

/// A frame of a batch of bare identifiers (`ServerMessage { id, contact_batch: ContactBatch { last, identifiers,
/// identifiers_unified } }`, docs/Protocol.md, "Compact batches") read straight from its bytes: the frame is kept
/// whole with each identifier's place in it, and each identifier's `String` is made when its contact is handed
/// to the app.
///
/// Why by hand: SwiftProtobuf decoded a batch's 4,096 identifiers into a `[String]` in a row (4,096 allocations
/// in a row, past the allocator's per-thread cache, each through its slow path), kept in a message object, and
/// the storages were then made from that list in another row. The embedded store gained its throughput from the
/// same change (ContactsEngine's `IdentifierBatch`): made one at a time as the app takes each contact, the string
/// of a contact the app dropped is freed before the next one is made, and both stay in the cache
/// (docs/Daemon.md, "Bare identifiers read from the frame"). The bytes are checked for UTF-8 when the frame is
/// read, as SwiftProtobuf checks them, so a malformed batch fails before any of its contacts is handed out.
///
/// What this reader does not handle is left to SwiftProtobuf (`decode` gives nil): another body, a batch with
/// contacts, keys or columns beside (or instead of) its identifiers, an empty batch, or a batch sent twice
/// (which protobuf merges).
package enum IdentifierBatchFrame {
    /// A batch's identifiers, kept as the frame's bytes.
    package struct Batch {
        /// The frame's body; a `let`, so reading it begins no access check.
        private let bytes: [UInt8]
        /// Where each identifier's bytes are in ``bytes``, in order.
        private let ranges: [Range<Int>]
        /// Whether each contact was fetched unified and merges its own card alone (`identifiers_unified`).
        package let unified: Bool
        /// Whether this is its reply's last batch.
        package let last: Bool

        fileprivate init(bytes: [UInt8], ranges: [Range<Int>], unified: Bool, last: Bool) {
            self.bytes = bytes
            self.ranges = ranges
            self.unified = unified
            self.last = last
        }

        package var count: Int { ranges.count }

        /// The identifier at `index` (already checked to be UTF-8).
        package func identifier(at index: Int) -> String {
            let range = ranges[index]
            return bytes.withUnsafeBufferPointer { buffer in
                String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }
        }

        /// The contact at `index`, as `Contacts_V1_ContactBatch.storages()` makes it from the decoded message: the
        /// identifier alone, linked to itself when the batch is unified (without a list of its own, as the
        /// embedded store's unified identifiers).
        package func storage(at index: Int) -> ContactStorage {
            var storage = ContactStorage(identifier: identifier(at: index), fetchedKeys: .identifierOnly)
            if unified { storage.setUnifiedAlone() }
            return storage
        }
    }

    /// A frame read as a batch of bare identifiers.
    package typealias Reply = FrameReply<Batch>

    /// Reads a frame's body (without its length prefix) as a batch of bare identifiers, when that is what it is;
    /// nil otherwise, for another reader or SwiftProtobuf to decode.
    ///
    /// - Throws: `WireError.malformedMessage` when the message's own fields are not well formed (its id or its
    ///   body cannot be told).
    package static func decode(_ body: [UInt8]) throws(WireError) -> Reply? {
        // The batch is `ServerMessage.contact_batch`, field 6.
        guard let frame = try ServerFrameBody.find(6, in: body) else { return nil }
        let id = frame.id
        do throws(WireError) {
            var batch = frame.reader
            var last = false
            var unified = false
            var ranges: [Range<Int>] = []
            while let (number, type) = try batch.nextField() {
                switch (number, type) {
                case (1, .lengthDelimited), (50, .lengthDelimited), (53, .lengthDelimited):
                    // Contacts, keys or columns: not a batch of bare identifiers alone (or a malformed one, for
                    // the decoded message's checks to report).
                    return nil
                case (2, .varint): last = try batch.varint() != 0
                case (51, .lengthDelimited):
                    if ranges.isEmpty { ranges.reserveCapacity(4096) }
                    ranges.append(try batch.lengthDelimited())
                case (52, .varint): unified = try batch.varint() != 0
                default: try batch.skip(type)
                }
            }
            guard !ranges.isEmpty else { return nil }
            // SwiftProtobuf refuses a string that is not UTF-8 as it decodes it; here, before any contact is
            // handed out, so the call fails whole as it did.
            let valid = body.withUnsafeBufferPointer { buffer in
                ranges.allSatisfy { UTF8Check.isValid(UnsafeBufferPointer(rebasing: buffer[$0])) }
            }
            guard valid else { throw WireError(.malformedMessage, "ContactBatch.identifiers is not UTF-8") }
            return Reply(id: id, value: .success(Batch(bytes: body, ranges: ranges, unified: unified, last: last)))
        } catch {
            return Reply(id: id, value: .failure(error))
        }
    }
}
