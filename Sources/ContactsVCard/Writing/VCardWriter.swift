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
    /// The UTF-8 text of the current card's `FN`, unescaped, in memory reused from card to card.
    var formattedName: [UInt8] = []
    /// Where the current card's `FN` comes from: ``formattedName``, or the storage (``VCardFormattedName``).
    var formattedNameSource = FormattedNameSource.text

    enum FormattedNameSource {
        case text, storage
    }
    /// The `type` parameters of every token set the writer uses, rendered once per writer rather than token by
    /// token for every value: `[set * 2]` as written for a value, `[set * 2 + 1]` for the preferred one.
    let phoneTypeText: [[UInt8]]
    let emailTypeText: [[UInt8]]
    let genericTypeText: [[UInt8]]
    /// `BEGIN:VCARD`, `VERSION` and `PRODID`, the same on every card: written as one block (four lines a card
    /// through the line writer cost ~7% of serializing).
    let header: [UInt8]
    static let footer = Array("END:VCARD\r\n".utf8)

    package init(options: VCardWritingOptions = .default) {
        self.options = options
        func rendered(_ sets: [[String]]) -> [[UInt8]] {
            sets.flatMap { tokens in
                [false, true].map { preferred in
                    var output = VCardOutput(capacity: 64)
                    Self.writeTypes(tokens, preferred: preferred, version: options.version, to: &output)
                    return output.bytes
                }
            }
        }
        phoneTypeText = rendered(VCardLabels.phoneTypeSets)
        emailTypeText = rendered(VCardLabels.genericTypeSets.map { ["INTERNET"] + $0 })
        genericTypeText = rendered(VCardLabels.genericTypeSets)
        var header = VCardOutput(capacity: 128)
        header.begin("BEGIN")
        header.value("VCARD", .verbatim)
        header.begin("VERSION")
        header.value(options.version == .v4_0 ? "4.0" : "3.0", .verbatim)
        header.begin("PRODID")
        header.value(Self.productIdentifier, .verbatim)
        self.header = header.bytes
    }

    /// The text written so far.
    package var data: Data { output.data }

    /// The text written so far, without a copy; the writer starts again empty.
    package mutating func takeData() -> Data { output.takeData() }

    /// The vCards of contacts, one card each.
    ///
    /// Every contact must hold the keys of `CNContactVCardSerialization.descriptorForRequiredKeys()`;
    /// reading a missing key stops the process, as on Apple platforms.
    package static func data(for contacts: [CNContact], options: VCardWritingOptions = .default) -> Data {
        var writer = VCardWriter(options: options)
        // About 400-600 bytes a card: one allocation instead of a dozen doublings.
        writer.output.reserveCapacity(contacts.count * 512)
        for contact in contacts {
            // The storage is borrowed in place rather than passed as `contact.storage`, which copies the stored
            // struct of another module's class (retaining and releasing its ~12 strings and arrays): that copy
            // was 10.5% of serializing (callgrind, 1,000 realistic cards: 2.6 of 24.7 million instructions).
            // Swift gives a borrow that spans a call only to an inout access; nothing is written through it, and
            // nothing reads the contact until it ends (`FN` is made from the storage, not by asking the formatter).
            withUnsafeMutablePointer(to: &contact.storage) { storage in
                writer.formattedNameSource = .storage
                writer.write(nil, storage: storage.pointee)
            }
        }
        return writer.takeData()
    }

    /// The vCards of cards read earlier, with their unknown properties, UIDs, groups and categories.
    package static func data(for cards: [VCardCard], options: VCardWritingOptions = .default) -> Data {
        var writer = VCardWriter(options: options)
        for card in cards {
            writer.write(card, storage: card.contact.storage, contact: card.contact)
        }
        return writer.takeData()
    }

    /// Writes one card: a contact's storage, plus what a card read earlier carries.
    ///
    /// `contact` is the contact whose storage this is, for the formatter that makes `FN`; without it, a
    /// contact is made from a copy of the storage.
    package mutating func write(_ card: VCardCard?, storage: borrowing ContactStorage, contact: CNContact? = nil) {
        formattedNameSource = .text
        if card?.isGroup != true {
            formattedName.removeAll(keepingCapacity: true)
            formattedName.append(
                contentsOf: VCardFormattedName.make(storage, contact: contact ?? CNContact(storage: copy storage)).utf8)
        }
        write(card, storage: storage)
    }

    /// Writes one card whose `FN` comes from ``formattedNameSource``; a group card has none.
    mutating func write(_ card: VCardCard?, storage: borrowing ContactStorage) {
        // One comparison when every key is there; the loop finds the missing one to stop with its name.
        if !storage.fetchedKeys.isSuperset(of: VCardSerializationKeys.requiredSet) {
            for property in VCardSerializationKeys.required { storage.require(property) }
        }
        usedGroups.removeAll(keepingCapacity: true)
        if let card {
            for property in card.unknownProperties {
                if let group = property.group { usedGroups.insert(group) }
            }
        }
        nextItem = 1
        output.appendLines(header)
        if let card, card.isGroup {
            writeGroup(card)
        } else {
            writeNames(storage)
            writeLabeledValues(storage)
            writeDates(storage)
            writeExtras(storage)
            writeKind(card?.kind ?? .individual, storage)
        }
        if let card { writeCardProperties(card) }
        output.appendLines(Self.footer)
    }

    /// The number of a fresh `itemN` group that no unknown property of the card uses.
    ///
    /// Numbers only grow, so a number handed out is never handed out again; the card's own groups are
    /// checked by name only when it has some (contacts have none, and need no string).
    mutating func newGroup() -> Int {
        while true {
            let item = nextItem
            nextItem += 1
            if usedGroups.isEmpty || !usedGroups.contains("item\(item)") { return item }
        }
    }

    /// Adds `TYPE` tokens: `type=X;type=Y` in 3.0 as Apple writes them, `TYPE=x,y` in 4.0.
    mutating func types(_ tokens: [String], preferred: Bool) {
        Self.writeTypes(tokens, preferred: preferred, version: options.version, to: &output)
    }

    private static func writeTypes(
        _ tokens: [String], preferred: Bool, version: VCardWritingOptions.Version, to output: inout VCardOutput
    ) {
        if version == .v4_0 {
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
