import ContactsModel
import Foundation
import SwiftProtobuf

extension ContactReplyFrame {
    /// A frame's body read as a contact reply, when that is what it is: the contact, or nil when there is none.
    package typealias Reply = FrameReply<ContactStorage?>

    /// Reads a frame's body (without its length prefix) as a `ServerMessage` whose body is a `ContactReply`,
    /// straight into storage as ``ContactStorage/init(wire:)`` reads a decoded message; nil when the message has
    /// another body (or none), for SwiftProtobuf to decode.
    ///
    /// - Throws: `WireError.malformedMessage` when the message's own fields are not well formed (its id or its
    ///   body cannot be told).
    package static func decode(_ body: [UInt8]) throws(WireError) -> Reply? {
        var reader = ProtobufReader(body, range: body.indices)
        var id: UInt64 = 0
        var replies: [Range<Int>] = []
        while let (number, type) = try reader.nextField() {
            // A known field with another wire type is an unknown field to SwiftProtobuf, which steps over it.
            if (number == 1 && type != .varint) || (number == 7 && type != .lengthDelimited) {
                try reader.skip(type)
                continue
            }
            switch number {
            case 1:
                try reader.expect(type, .varint, field: "ServerMessage.id")
                id = try reader.varint()
            case 7:
                replies.append(try reader.content(type, field: "ServerMessage.contact"))
            case 2...24, 40...47:
                // Another body: the reply is not a contact, or a later body replaces it (a oneof keeps the last).
                return nil
            default:
                // A field this build does not know, which SwiftProtobuf would keep as unknown.
                try reader.skip(type)
            }
        }
        guard !replies.isEmpty else { return nil }
        do throws(WireError) {
            var contacts: [Range<Int>] = []
            for range in replies {
                var reply = reader.nested(range)
                while let (number, type) = try reply.nextField() {
                    if number == 1, type == .lengthDelimited {
                        contacts.append(try reply.content(type, field: "ContactReply.contact"))
                    } else {
                        try reply.skip(type)
                    }
                }
            }
            guard !contacts.isEmpty else { return Reply(id: id, value: .success(nil)) }
            // A message field that comes more than once is merged: its fields read in turn into one contact.
            var fields = WireContactFields()
            for range in contacts {
                var contact = reader.nested(range)
                try fields.read(&contact)
            }
            return Reply(id: id, value: .success(try fields.storage()))
        } catch {
            return Reply(id: id, value: .failure(error))
        }
    }
}

/// A `Contact` message's fields as read, before the keys it names say which of them count.
private struct WireContactFields {
    var identifier = ""
    var keys: [String] = []
    var contactType: Int32 = 0
    /// The string fields, name_prefix = 4 to job_title = 17, then note = 20.
    var strings = [String](repeating: "", count: 15)
    var birthday: [UInt8]?
    var nonGregorianBirthday: [UInt8]?
    var hasImageData = false
    var imageData = Data()
    var hasThumbnailImageData = false
    var thumbnailImageData = Data()
    var imageDataAvailable = false
    /// The labeled values, phone_numbers = 26 to instant_message_addresses = 33, as texts.
    var lists = [LabeledValueTexts](repeating: LabeledValueTexts(), count: 8)
    /// Each labeled date's `DateComponents` bytes.
    var dates: [[UInt8]] = []
    var linkedIdentifiers: [String] = []

    mutating func read(_ reader: inout ProtobufReader) throws(WireError) {
        while let (number, type) = try reader.nextField() {
            // A known field with another wire type is an unknown field to SwiftProtobuf: stepped over.
            let expected: ProtobufReader.WireType = [3, 21, 23, 25].contains(number) ? .varint : .lengthDelimited
            guard type == expected || !(1...34).contains(number) else {
                try reader.skip(type)
                continue
            }
            switch number {
            case 1: identifier = try reader.string(type, field: "Contact.identifier")
            case 2: keys.append(try reader.string(type, field: "Contact.keys"))
            case 3:
                try reader.expect(type, .varint, field: "Contact.contact_type")
                contactType = Int32(truncatingIfNeeded: try reader.varint())
            case 4...17: strings[number - 4] = try reader.string(type, field: "Contact's string field")
            case 18: birthday = (birthday ?? []) + reader.bytes(try reader.content(type, field: "Contact.birthday"))
            case 19:
                let range = try reader.content(type, field: "Contact.non_gregorian_birthday")
                nonGregorianBirthday = (nonGregorianBirthday ?? []) + reader.bytes(range)
            case 20: strings[14] = try reader.string(type, field: "Contact.note")
            case 21: hasImageData = try reader.bool(type, field: "Contact.has_image_data")
            case 22: imageData = reader.data(try reader.content(type, field: "Contact.image_data"))
            case 23: hasThumbnailImageData = try reader.bool(type, field: "Contact.has_thumbnail_image_data")
            case 24: thumbnailImageData = reader.data(try reader.content(type, field: "Contact.thumbnail_image_data"))
            case 25: imageDataAvailable = try reader.bool(type, field: "Contact.image_data_available")
            case 26...33:
                var value = reader.nested(try reader.content(type, field: "Contact's labeled value"))
                try readValue(&value, property: ContactProperty.multiValueProperties[number - 26], list: number - 26)
            case 34: linkedIdentifiers.append(try reader.string(type, field: "Contact.linked_identifiers"))
            default: try reader.skip(type)
            }
        }
    }

    /// Reads one labeled value message (identifier = 1, has_label = 2, label = 3, value = 4) into its list.
    private mutating func readValue(
        _ reader: inout ProtobufReader, property: ContactProperty, list: Int
    ) throws(WireError) {
        let width = LabeledValueTexts.width(of: property)
        var identifier = ""
        var hasLabel = false
        var label = ""
        var date: [UInt8] = []
        let first = lists[list].values.count
        lists[list].values.append(contentsOf: repeatElement("", count: width))
        while let (number, type) = try reader.nextField() {
            guard type == (number == 2 ? .varint : .lengthDelimited) || !(1...4).contains(number) else {
                try reader.skip(type)
                continue
            }
            switch number {
            case 1: identifier = try reader.string(type, field: "labeled value's identifier")
            case 2: hasLabel = try reader.bool(type, field: "labeled value's has_label")
            case 3: label = try reader.string(type, field: "labeled value's label")
            case 4:
                switch property {
                case .dates:
                    date += reader.bytes(try reader.content(type, field: "LabeledDate.value"))
                case .postalAddresses, .socialProfiles, .instantMessageAddresses:
                    var value = reader.nested(try reader.content(type, field: "labeled value's value"))
                    while let (part, partType) = try value.nextField() {
                        guard part <= width, partType == .lengthDelimited else {
                            try value.skip(partType)
                            continue
                        }
                        lists[list].values[first + part - 1] = try value.string(partType, field: "value's field")
                    }
                default:
                    lists[list].values[first] = try reader.string(type, field: "labeled value's value")
                }
            default: try reader.skip(type)
            }
        }
        lists[list].appendValue(identifier: identifier, label: hasLabel ? label : nil)
        if property == .dates { dates.append(date) }
    }

    /// The storage, as ``ContactStorage/init(wire:)`` builds it from the same message.
    func storage() throws(WireError) -> ContactStorage {
        let keys = try ContactStorage.keySet(keys, field: "Contact.keys")
        var storage = ContactStorage(identifier: identifier, fetchedKeys: keys)
        storage.linkedIdentifiers = linkedIdentifiers
        // Labeled values are decoded on first access, dates aside (one the protocol cannot describe is an error
        // of the message), as for a decoded message.
        let deferred = keys.intersection(.multiValued).subtracting(ContactKeySet(.dates))
        for property in keys.properties where !deferred.contains(property) {
            switch property {
            case .identifier: break
            case .contactType:
                guard let type = CNContactType(rawValue: Int(contactType)) else {
                    throw WireError(.malformedMessage, "Contact.contact_type \(contactType) is out of range")
                }
                storage.contactType = type
            case .birthday: storage.birthday = try birthday.map { bytes throws(WireError) in try Self.date(bytes) }
            case .nonGregorianBirthday:
                storage.nonGregorianBirthday = try nonGregorianBirthday.map { bytes throws(WireError) in
                    try Self.date(bytes)
                }
            case .imageData: storage.imageData = hasImageData ? imageData : nil
            case .thumbnailImageData: storage.thumbnailImageData = hasThumbnailImageData ? thumbnailImageData : nil
            case .imageDataAvailable: storage.imageDataAvailable = imageDataAvailable
            case .dates:
                let texts = lists[3]
                var values: [CNLabeledValue<NSDateComponents>] = []
                values.reserveCapacity(dates.count)
                for (index, bytes) in dates.enumerated() {
                    let label = texts.labelPresent[index] ? texts.labels[index] : nil
                    let value = try Self.date(bytes) as NSDateComponents
                    values.append(CNLabeledValue(identifier: texts.identifiers[index], label: label, value: value))
                }
                storage.dates = values
            case .note: _ = storage.setString(strings[14], of: property)
            default:
                // The string properties from name_prefix on, in field order (ContactEncoder.field(of:)).
                _ = storage.setString(strings[property.rawValue - ContactProperty.namePrefix.rawValue], of: property)
            }
        }
        if !deferred.isEmpty {
            var lists = lists
            for index in lists.indices { lists[index].counts = [UInt32(lists[index].identifiers.count)] }
            storage.deferLabeledValues(deferred, to: DeferredLabeledValues(source: WireLabeledTexts(lists: lists)))
        }
        return storage
    }

    private static func date(_ bytes: [UInt8]) throws(WireError) -> DateComponents {
        let message: Contacts_V1_DateComponents
        do {
            message = try Contacts_V1_DateComponents(serializedBytes: bytes)
        } catch {
            throw WireError(.malformedMessage, "a DateComponents is not well formed", cause: error)
        }
        return try DateComponents(wire: message)
    }
}
