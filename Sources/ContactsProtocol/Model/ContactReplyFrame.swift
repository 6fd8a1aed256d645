import ContactsModel
import Foundation
import SwiftProtobuf

/// The frame of a `ContactReply` (the answer to `GetContactRequest`), written straight from a contact's storage
/// and read straight back into one, with the bytes the .proto says.
///
/// Why by hand: a fetch by identifier spent about 20 µs of its 106 in SwiftProtobuf on the two sides. contactsd
/// built a `Contact` message from the storage (every string and labeled value copied into messages), and
/// serializing it computed the size of each nested message again for every level above it (`ServerMessage`,
/// `ContactReply`, `Contact`, each labeled value); the app decoded the bytes into messages and copied them into
/// a storage (docs/Daemon.md, "Performance"). Here each nested message's size is computed once from the
/// storage's strings, the bytes are written in one pass, and the app reads each field's bytes into the
/// storage's own strings. The bytes are those SwiftProtobuf writes for the same contact, field for field
/// (ContactReplyFrameTests compares them), so any other client (Python's) reads them as before.
package enum ContactReplyFrame {
    /// The frame (length prefix included) of `ServerMessage { id, contact: ContactReply { contact } }`.
    ///
    /// - Parameters:
    ///   - id: The request's id.
    ///   - storage: The contact, holding the keys it was fetched with; nil when there is none.
    /// - Returns: The frame's bytes.
    /// - Throws: `WireError.frameTooLarge` when the message exceeds ``ProtocolVersion/maximumFrameLength``;
    ///   `malformedMessage` when a date's components cannot be serialized.
    package static func encode(id: UInt64, contact storage: ContactStorage?) throws(WireError) -> [UInt8] {
        // The contact's size first, then its bytes written into the frame itself: writing them into an array of
        // their own and copying that into the frame cost an allocation and a copy of the whole contact a call.
        var contact: ContactEncoder?
        var replyLength = 0
        if let storage {
            let encoder = try ContactEncoder(storage)
            // ContactReply.contact = 1.
            replyLength = ProtobufWriter.lengthDelimitedSize(1, length: encoder.size)
            contact = encoder
        }
        // ServerMessage.id = 1 (absent when 0), ServerMessage.contact = 7.
        let idLength = id == 0 ? 0 : 1 + ProtobufWriter.varintSize(id)
        let bodyLength = idLength + ProtobufWriter.lengthDelimitedSize(7, length: replyLength)
        guard bodyLength <= ProtocolVersion.maximumFrameLength else {
            throw WireError(
                .frameTooLarge, "a ContactReply of \(bodyLength) bytes exceeds \(ProtocolVersion.maximumFrameLength)")
        }
        var writer = ProtobufWriter(capacity: Frame.headerLength + bodyLength)
        let length = UInt32(bodyLength)
        writer.raw([
            UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16),
            UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
        ])
        writer.uint64(1, id)
        writer.lengthPrefix(7, length: replyLength)
        if let contact {
            writer.lengthPrefix(1, length: contact.size)
            contact.write(to: &writer)
        }
        return writer.bytes
    }
}

/// Writes one `Contact` message from a storage: the fields `Contacts_V1_Contact(storage)` sets, in field order.
/// Built in two passes: ``init(_:)`` reads what is to be written and computes the message's ``size``, so the
/// frame's lengths are known before ``write(to:)`` writes the bytes into it.
private struct ContactEncoder {
    let storage: ContactStorage
    let keys: ContactKeySet
    private var lists: [(field: Int, property: ContactProperty, texts: LabeledValueTexts, dates: [[UInt8]])] = []
    private var valueSizes: [[Int]] = []
    private var birthday: [UInt8]?
    private var nonGregorianBirthday: [UInt8]?
    private var keyNames: [String] = []
    private var linked: [String] = []
    /// The message's size in bytes.
    private(set) var size = 0

    /// The Contact field of a property below the images: its key order is the field order, from name_prefix = 4
    /// on (the .proto lists them so); the labeled values, from phone_numbers = 26, come after the four image
    /// fields, which take two numbers each for two properties.
    private static func field(of property: ContactProperty) -> Int {
        property.rawValue < ContactProperty.imageData.rawValue ? property.rawValue + 2 : property.rawValue + 4
    }

    init(_ storage: ContactStorage) throws(WireError) {
        self.storage = storage
        keys = storage.fetchedKeys
        // The labeled values first, as texts (the store's, or read from the values the app set), so each one's
        // size is known before anything is written.
        for property in ContactProperty.multiValueProperties where keys.contains(property) {
            var texts = LabeledValueTexts()
            var dates: [[UInt8]] = []
            if property == .dates || !storage.appendStoredTexts(of: property, to: &texts) {
                texts = LabeledValueTexts()
                try Self.appendTexts(of: property, from: storage, to: &texts, dates: &dates)
            }
            lists.append((Self.field(of: property), property, texts, dates))
        }
        birthday = try dateBytes(.birthday, storage.birthday)
        nonGregorianBirthday = try dateBytes(.nonGregorianBirthday, storage.nonGregorianBirthday)
        keyNames = keys.keys
        linked = storage.linkedIdentifiers

        size = ProtobufWriter.stringSize(1, storage.identifier)
        for key in keyNames { size += ProtobufWriter.lengthDelimitedSize(2, length: key.utf8.count) }
        for property in ContactProperty.stringProperties where keys.contains(property) {
            size += ProtobufWriter.stringSize(Self.field(of: property), string(property))
        }
        if keys.contains(.contactType), storage.contactType.rawValue != 0 {
            size += 1 + ProtobufWriter.varintSize(UInt64(bitPattern: Int64(Int32(storage.contactType.rawValue))))
        }
        if let birthday { size += ProtobufWriter.lengthDelimitedSize(18, length: birthday.count) }
        if let nonGregorianBirthday {
            size += ProtobufWriter.lengthDelimitedSize(19, length: nonGregorianBirthday.count)
        }
        if keys.contains(.imageData), let image = storage.imageData {
            size += 3 + (image.isEmpty ? 0 : ProtobufWriter.lengthDelimitedSize(22, length: image.count))
        }
        if keys.contains(.thumbnailImageData), let image = storage.thumbnailImageData {
            size += 3 + (image.isEmpty ? 0 : ProtobufWriter.lengthDelimitedSize(24, length: image.count))
        }
        if keys.contains(.imageDataAvailable), storage.imageDataAvailable { size += 3 }
        for list in lists {
            let sizes = Self.valueSizes(list.property, list.texts, dates: list.dates)
            for valueSize in sizes { size += ProtobufWriter.lengthDelimitedSize(list.field, length: valueSize) }
            valueSizes.append(sizes)
        }
        for identifier in linked { size += ProtobufWriter.lengthDelimitedSize(34, length: identifier.utf8.count) }
    }

    /// Writes the message's fields (its ``size`` bytes, without a tag or length of its own).
    func write(to writer: inout ProtobufWriter) {
        writer.string(1, storage.identifier)
        for key in keyNames { writer.repeatedString(2, key) }
        if keys.contains(.contactType) { writer.int32(3, Int32(storage.contactType.rawValue)) }
        for property in ContactProperty.stringProperties where property != .note && keys.contains(property) {
            writer.string(Self.field(of: property), string(property))
        }
        if let birthday {
            writer.lengthPrefix(18, length: birthday.count)
            writer.raw(birthday)
        }
        if let nonGregorianBirthday {
            writer.lengthPrefix(19, length: nonGregorianBirthday.count)
            writer.raw(nonGregorianBirthday)
        }
        if keys.contains(.note) { writer.string(20, storage.note) }
        if keys.contains(.imageData), let image = storage.imageData {
            writer.bool(21, true)
            writer.data(22, image)
        }
        if keys.contains(.thumbnailImageData), let image = storage.thumbnailImageData {
            writer.bool(23, true)
            writer.data(24, image)
        }
        if keys.contains(.imageDataAvailable) { writer.bool(25, storage.imageDataAvailable) }
        for (list, sizes) in zip(lists, valueSizes) {
            Self.writeValues(list.field, list.property, list.texts, dates: list.dates, sizes: sizes, to: &writer)
        }
        for identifier in linked { writer.repeatedString(34, identifier) }
    }

    private func string(_ property: ContactProperty) -> String {
        storage.string(of: property) ?? ""
    }

    /// A birthday's `DateComponents` message, serialized by SwiftProtobuf (it is flat: no nested sizes); nil when
    /// the key is not held or the date is not set.
    private func dateBytes(_ property: ContactProperty, _ date: DateComponents?) throws(WireError) -> [UInt8]? {
        guard keys.contains(property), let date else { return nil }
        return try Self.serialize(Contacts_V1_DateComponents(date))
    }

    private static func serialize(_ message: Contacts_V1_DateComponents) throws(WireError) -> [UInt8] {
        do {
            return try message.serializedBytes()
        } catch {
            throw WireError(.malformedMessage, "a DateComponents could not be serialized", cause: error)
        }
    }

    /// The texts of values the storage holds decoded (an app set them, or the dates), as the store's would read.
    private static func appendTexts(
        of property: ContactProperty, from storage: ContactStorage, to texts: inout LabeledValueTexts,
        dates: inout [[UInt8]]
    ) throws(WireError) {
        func append<Value>(_ values: [CNLabeledValue<Value>], _ strings: (Value, inout [String]) -> Void) {
            for labeled in values {
                texts.appendValue(identifier: labeled.identifier, label: labeled.label)
                strings(labeled.value, &texts.values)
            }
        }
        switch property {
        case .phoneNumbers: append(storage.phoneNumbers) { $1.append($0.stringValue) }
        case .emailAddresses: append(storage.emailAddresses) { $1.append($0 as String) }
        case .urlAddresses: append(storage.urlAddresses) { $1.append($0 as String) }
        case .contactRelations: append(storage.contactRelations) { $1.append($0.name) }
        case .postalAddresses:
            append(storage.postalAddresses) { address, strings in
                let fields = address.fields
                strings.append(contentsOf: [
                    fields.street, fields.subLocality, fields.city, fields.subAdministrativeArea, fields.state,
                    fields.postalCode, fields.country, fields.isoCountryCode,
                ])
            }
        case .socialProfiles:
            append(storage.socialProfiles) {
                $1.append(contentsOf: [$0.urlString, $0.username, $0.userIdentifier, $0.service])
            }
        case .instantMessageAddresses:
            append(storage.instantMessageAddresses) { $1.append(contentsOf: [$0.username, $0.service]) }
        case .dates:
            let values = storage.dates
            append(values) { _, _ in }
            for labeled in values {
                dates.append(try serialize(Contacts_V1_DateComponents(labeled.value as DateComponents)))
            }
        default: break
        }
    }

    /// The size of each labeled value's message: identifier = 1, has_label = 2, label = 3, value = 4 (a string,
    /// or a message of the value's strings from field 1 on, written even when empty).
    private static func valueSizes(
        _ property: ContactProperty, _ texts: LabeledValueTexts, dates: [[UInt8]]
    ) -> [Int] {
        let width = LabeledValueTexts.width(of: property)
        return texts.identifiers.indices.map { index in
            var size = ProtobufWriter.stringSize(1, texts.identifiers[index])
            if texts.labelPresent[index] { size += 2 + ProtobufWriter.stringSize(3, texts.labels[index]) }
            switch property {
            case .dates:
                size += ProtobufWriter.lengthDelimitedSize(4, length: dates[index].count)
            case .postalAddresses, .socialProfiles, .instantMessageAddresses:
                size += ProtobufWriter.lengthDelimitedSize(4, length: valueSize(texts, index, width: width))
            default:
                size += ProtobufWriter.stringSize(4, texts.values[index])
            }
            return size
        }
    }

    /// The size of a value message of `width` strings, fields 1 to `width`.
    private static func valueSize(_ texts: LabeledValueTexts, _ index: Int, width: Int) -> Int {
        var size = 0
        for part in 0..<width { size += ProtobufWriter.stringSize(part + 1, texts.values[index * width + part]) }
        return size
    }

    private static func writeValues(
        _ field: Int, _ property: ContactProperty, _ texts: LabeledValueTexts, dates: [[UInt8]], sizes: [Int],
        to writer: inout ProtobufWriter
    ) {
        let width = LabeledValueTexts.width(of: property)
        for index in texts.identifiers.indices {
            writer.lengthPrefix(field, length: sizes[index])
            writer.string(1, texts.identifiers[index])
            if texts.labelPresent[index] {
                writer.bool(2, true)
                writer.string(3, texts.labels[index])
            }
            switch property {
            case .dates:
                writer.lengthPrefix(4, length: dates[index].count)
                writer.raw(dates[index])
            case .postalAddresses, .socialProfiles, .instantMessageAddresses:
                writer.lengthPrefix(4, length: valueSize(texts, index, width: width))
                for part in 0..<width { writer.string(part + 1, texts.values[index * width + part]) }
            default:
                writer.string(4, texts.values[index])
            }
        }
    }
}
