import ContactsModel
import Foundation

/// Writes contacts and cards as vCard 3.0 (shaped like Apple's exports) or 4.0.
///
/// ```swift
/// let data = VCardWriter.data(for: cards, options: .default)
/// ```
package struct VCardWriter {
    /// The product identifier the writer puts on every card.
    package static let productIdentifier = "-//swift-contacts//Contacts 1.0//EN"

    var options: VCardWritingOptions
    var output = VCardOutput()
    /// The item groups in use on the current card.
    var usedGroups: Set<String> = []
    var nextItem = 1

    package init(options: VCardWritingOptions = .default) {
        self.options = options
    }

    /// The text written so far.
    package var data: Data { Data(output.bytes) }

    /// The vCards of contacts, one card each.
    ///
    /// Every contact must hold the keys of `CNContactVCardSerialization.descriptorForRequiredKeys()`;
    /// reading a missing key stops the process, as on Apple platforms.
    package static func data(for contacts: [CNContact], options: VCardWritingOptions = .default) -> Data {
        var writer = VCardWriter(options: options)
        for contact in contacts {
            writer.write(nil, storage: contact.storage, contact: contact)
        }
        return writer.data
    }

    /// The vCards of cards read earlier, with their unknown properties, UIDs, groups and categories.
    package static func data(for cards: [VCardCard], options: VCardWritingOptions = .default) -> Data {
        var writer = VCardWriter(options: options)
        for card in cards {
            writer.write(card, storage: card.contact.storage, contact: card.contact)
        }
        return writer.data
    }

    /// Writes one card: a contact's storage, plus what a card read earlier carries.
    ///
    /// `contact` is the contact whose storage this is, for the formatter that makes `FN`; without it, a
    /// contact is made from a copy of the storage.
    package mutating func write(_ card: VCardCard?, storage: borrowing ContactStorage, contact: CNContact? = nil) {
        for property in VCardSerializationKeys.required { storage.require(property) }
        usedGroups.removeAll(keepingCapacity: true)
        if let card {
            for property in card.unknownProperties {
                if let group = property.group { usedGroups.insert(group) }
            }
        }
        nextItem = 1
        output.begin("BEGIN")
        output.value("VCARD", .verbatim)
        output.begin("VERSION")
        output.value(options.version == .v4_0 ? "4.0" : "3.0", .verbatim)
        output.begin("PRODID")
        output.value(Self.productIdentifier, .verbatim)
        if let card, card.isGroup {
            writeGroup(card)
        } else {
            if let contact {
                writeNames(storage, contact: contact)
            } else {
                writeNames(storage, contact: CNContact(storage: copy storage))
            }
            writeLabeledValues(storage)
            writeDates(storage)
            writeExtras(storage)
            writeKind(card?.kind ?? .individual, storage)
        }
        if let card { writeCardProperties(card) }
        output.begin("END")
        output.value("VCARD", .verbatim)
    }

    /// A fresh `itemN` group that no unknown property of the card uses.
    mutating func newGroup() -> String {
        while true {
            let group = "item\(nextItem)"
            nextItem += 1
            if usedGroups.insert(group).inserted { return group }
        }
    }

    /// Adds `TYPE` tokens: `type=X;type=Y` in 3.0 as Apple writes them, `TYPE=x,y` in 4.0.
    mutating func types(_ tokens: [String], preferred: Bool) {
        if options.version == .v4_0 {
            let lowered = tokens.map { $0.lowercased() }
            if !lowered.isEmpty { output.parameter("TYPE", lowered) }
            if preferred { output.parameter("PREF", "1") }
        } else {
            for token in tokens { output.parameter("type", token) }
            if preferred { output.parameter("type", "pref") }
        }
    }

    private mutating func writeGroup(_ card: VCardCard) {
        let name = card.groupName ?? ""
        output.begin("N")
        output.components([name, "", "", "", ""])
        output.begin("FN")
        output.value(name)
        let version4 = options.version == .v4_0
        output.begin(version4 ? "KIND" : "X-ADDRESSBOOKSERVER-KIND")
        output.value("group", .verbatim)
        for member in card.memberUIDs {
            output.begin(version4 ? "MEMBER" : "X-ADDRESSBOOKSERVER-MEMBER")
            output.value("urn:uuid:" + member, .uri)
        }
    }

    private mutating func writeKind(_ kind: VCardCard.Kind, _ storage: borrowing ContactStorage) {
        switch kind {
        case .location:
            output.begin("KIND")
            output.value("location", .verbatim)
        case .other(let kind):
            output.begin("KIND")
            output.value(kind)
        default:
            guard storage.contactType == .organization else { return }
            if options.version == .v4_0 {
                output.begin("KIND")
                output.value("org", .verbatim)
            } else {
                output.begin("X-ABShowAs")
                output.value("COMPANY", .verbatim)
            }
        }
    }

    private mutating func writeCardProperties(_ card: VCardCard) {
        if let uid = card.uid {
            output.begin("UID")
            output.value(uid, .uri)
        }
        if !card.categories.isEmpty {
            output.begin("CATEGORIES")
            output.list(card.categories)
        }
        for property in card.unknownProperties {
            output.begin(property.name, group: property.group)
            for parameter in property.parameters {
                output.parameter(parameter.name, parameter.values)
            }
            output.value(property.value, .verbatim)
        }
    }
}
