import ContactsModel
import ContactsProtocol
import Foundation
import SwiftProtobuf

/// Round trips through the binary form, as messages cross the socket.
enum WireRoundTrip {
    /// The message after serializing and parsing it.
    static func binary<Message: SwiftProtobuf.Message>(_ message: Message) throws -> Message {
        try Message(serializedBytes: try message.serializedBytes() as [UInt8])
    }

    /// A contact's storage after it crossed the wire.
    static func storage(_ storage: ContactStorage) throws -> ContactStorage {
        try ContactStorage(wire: binary(Contacts_V1_Contact(storage)))
    }

    /// Every string a contact holds, as UTF-8 bytes, in a fixed order.
    ///
    /// Swift's `==` on strings compares canonical equivalence, so "é" equals "e\u{301}"; comparing the bytes
    /// is what tells a round trip that kept the text from one that normalized it.
    static func exactStrings(of storage: ContactStorage) -> [[UInt8]] {
        var strings = [storage.identifier] + storage.linkedIdentifiers
        strings += ContactProperty.stringProperties.map { storage.string(of: $0) ?? "" }
        func add<Value>(_ values: [CNLabeledValue<Value>], _ content: (Value) -> [String]) {
            for labeled in values {
                strings += [labeled.identifier, labeled.label ?? "<nil>"] + content(labeled.value)
            }
        }
        add(storage.phoneNumbers) { [$0.stringValue] }
        add(storage.emailAddresses) { [$0 as String] }
        add(storage.urlAddresses) { [$0 as String] }
        add(storage.postalAddresses) { $0.fields.keyedValues.map(\.value) }
        add(storage.dates) { _ in [] }
        add(storage.contactRelations) { [$0.name] }
        add(storage.socialProfiles) { [$0.urlString, $0.username, $0.userIdentifier, $0.service] }
        add(storage.instantMessageAddresses) { [$0.username, $0.service] }
        return strings.map { Array($0.utf8) }
    }

    /// The identifiers of every labeled value a contact holds, in property order.
    static func labeledValueIdentifiers(of storage: ContactStorage) -> [String] {
        storage.phoneNumbers.map(\.identifier) + storage.emailAddresses.map(\.identifier)
            + storage.postalAddresses.map(\.identifier) + storage.dates.map(\.identifier)
            + storage.urlAddresses.map(\.identifier) + storage.contactRelations.map(\.identifier)
            + storage.socialProfiles.map(\.identifier) + storage.instantMessageAddresses.map(\.identifier)
    }

    /// The labels of every labeled value a contact holds, nil kept apart from "".
    static func labels(of storage: ContactStorage) -> [String?] {
        storage.phoneNumbers.map(\.label) + storage.emailAddresses.map(\.label)
            + storage.postalAddresses.map(\.label) + storage.dates.map(\.label)
            + storage.urlAddresses.map(\.label) + storage.contactRelations.map(\.label)
            + storage.socialProfiles.map(\.label) + storage.instantMessageAddresses.map(\.label)
    }
}
