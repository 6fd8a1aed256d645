import ContactsModel
import ContactsProtocol
import ContactsSampleData
import ContactsTestSupport
import ContactsVCard
import Foundation
import SwiftProtobuf
import Testing

/// The contact reply written and read by hand (ContactReplyFrame) against SwiftProtobuf: the same bytes, the
/// same contacts, and malformed bytes refused as SwiftProtobuf refuses them.
@Suite struct ContactReplyFrameTests {
    // MARK: Samples

    /// The realistic address book's contacts, as the vCard importer reads them (every key held).
    static let realisticBook: [ContactStorage] = {
        var book = RealisticAddressBook()
        let contacts = (try? CNContactVCardSerialization.contacts(with: Data(book.vCards(150).utf8))) ?? []
        return contacts.map(\.storage)
    }()

    /// Edge cases, each named: every key, single keys, empty, non-ASCII and huge fields, dates with and without a
    /// year, images (empty and not), unified contacts, nil and empty labels.
    static let edgeCases: [(name: String, storage: ContactStorage)] = {
        var cases: [(String, ContactStorage)] = []
        var every = ModelSamples.fullContact().storage
        every.thumbnailImageData = Data([0x89, 0x50, 0x4E, 0x47])
        every.imageDataAvailable = true
        every.linkedIdentifiers = [every.identifier, "B1E2:ABPerson"]
        cases.append(("every key", every))
        for property in ContactProperty.allCases {
            var one = every
            one.fetchedKeys = ContactKeySet(property).union(.identifierOnly)
            cases.append(("only \(property.key)", one))
        }
        cases.append(("empty, every key", ContactStorage(identifier: "E:ABPerson", fetchedKeys: .all)))
        cases.append(("empty identifier", ContactStorage(identifier: "", fetchedKeys: .identifierOnly)))

        let accents = CNMutableContact()
        accents.givenName = "Zoë e\u{301} 李小龍 🧑‍🚀"
        accents.familyName = "Ñúñez-Đặng"
        accents.note = "ملاحظة\n\u{0}nul\ttab"
        accents.phoneNumbers = [CNLabeledValue(label: "", value: CNPhoneNumber(stringValue: "+33 1 23 45 67 89"))]
        accents.emailAddresses = [CNLabeledValue(label: "Ärbeit", value: "zoë@exämple.com" as NSString)]
        accents.postalAddresses = [CNLabeledValue(label: nil, value: CNMutablePostalAddress())]
        accents.socialProfiles = [
            CNLabeledValue(
                label: nil, value: CNSocialProfile(urlString: "", username: "ü", userIdentifier: "", service: ""))
        ]
        accents.instantMessageAddresses = [
            CNLabeledValue(label: nil, value: CNInstantMessageAddress(username: "", service: ""))
        ]
        accents.contactRelations = [CNLabeledValue(label: nil, value: CNContactRelation(name: ""))]
        cases.append(("non-ASCII and empty values", accents.storage))

        let huge = CNMutableContact()
        huge.note = String(repeating: "Lorem ipsum dolor sit amet, é. ", count: 40_000)
        huge.imageData = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        huge.phoneNumbers = (0..<300).map {
            CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+1 555 01\($0)"))
        }
        var hugeStorage = huge.storage
        hugeStorage.thumbnailImageData = Data()
        cases.append(("huge fields", hugeStorage))

        let dates = CNMutableContact()
        dates.birthday = DateComponents(month: 2, day: 29)
        dates.nonGregorianBirthday = DateComponents(
            calendar: Calendar(identifier: .chinese), year: 40, month: 6, day: 3)
        var leap = DateComponents(calendar: Calendar(identifier: .chinese), month: 4, day: 9)
        leap.isLeapMonth = true
        dates.dates = [
            CNLabeledValue(label: CNLabelDateAnniversary, value: DateComponents(month: 7, day: 14) as NSDateComponents),
            CNLabeledValue(
                label: nil,
                value: DateComponents(calendar: Calendar(identifier: .gregorian), year: 2001, month: 1, day: 2)
                    as NSDateComponents),
            CNLabeledValue(label: "lunar", value: leap as NSDateComponents),
        ]
        cases.append(("dates with and without a year", dates.storage))

        var unified = ModelSamples.fullContact().storage
        unified.linkedIdentifiers = ["A:ABPerson", "B:ABPerson", "C:ABPerson"]
        cases.append(("unified of three", unified))
        var alone = ModelSamples.fullContact().storage
        alone.setUnifiedAlone()
        cases.append(("unified alone", alone))
        return cases
    }()

    static var edgeCaseNames: [String] { edgeCases.map(\.name) }

    static func edgeCase(_ name: String) throws -> ContactStorage {
        try #require(edgeCases.first { $0.name == name }).storage
    }

    // MARK: SwiftProtobuf's side

    /// The frame SwiftProtobuf writes for the reply.
    static func protobufFrame(id: UInt64, _ storage: ContactStorage?) throws -> [UInt8] {
        var reply = Contacts_V1_ContactReply()
        if let storage { reply.contact = Contacts_V1_Contact(storage) }
        var message = Contacts_V1_ServerMessage()
        message.id = id
        message.contact = reply
        return try Frame.encode(message)
    }

    /// What the client read before: SwiftProtobuf's message, then the storage from it.
    static func protobufContact(_ body: [UInt8]) throws -> ContactStorage? {
        let message = try Frame.decode(Contacts_V1_ServerMessage.self, from: body)
        guard case .contact(let reply) = message.body else { throw WireError(.malformedMessage, "not a contact") }
        return reply.hasContact ? try ContactStorage(wire: reply.contact) : nil
    }

    static func body(_ frame: [UInt8]) -> [UInt8] { Array(frame.dropFirst(Frame.headerLength)) }

    /// The hand-written reader's contact.
    static func handContact(_ body: [UInt8]) throws -> ContactStorage? {
        let reply = try #require(try ContactReplyFrame.decode(body))
        return try reply.value.get()
    }

    /// Two storages hold the same keys and values, strings byte for byte, identifiers and labels (nil apart from "").
    static func expectSame(_ copy: ContactStorage?, _ original: ContactStorage?, _ name: String) {
        guard let copy, let original else {
            #expect(copy == nil && original == nil, "\(name)")
            return
        }
        #expect(copy.identifier == original.identifier, "\(name)")
        #expect(copy.fetchedKeys == original.fetchedKeys, "\(name)")
        #expect(copy.hasSameValues(as: original), "\(name)")
        #expect(ContactComparison.differences(CNContact(storage: copy), CNContact(storage: original)) == [], "\(name)")
        #expect(copy.linkedIdentifiers == original.linkedIdentifiers, "\(name)")
        #expect(WireRoundTrip.exactStrings(of: copy) == WireRoundTrip.exactStrings(of: original), "\(name)")
        #expect(
            WireRoundTrip.labeledValueIdentifiers(of: copy) == WireRoundTrip.labeledValueIdentifiers(of: original),
            "\(name)")
        #expect(WireRoundTrip.labels(of: copy) == WireRoundTrip.labels(of: original), "\(name)")
        #expect(
            copy.imageData == original.imageData && copy.thumbnailImageData == original.thumbnailImageData, "\(name)")
    }

    // MARK: Same bytes

    @Test func theRealisticBookIsLargeAndVaried() {
        // Guards the tests over it: they prove something only if the book has contacts with every kind of value.
        #expect(Self.realisticBook.count == 150)
        for property: ContactProperty in [.phoneNumbers, .emailAddresses, .postalAddresses, .urlAddresses] {
            #expect(
                Self.realisticBook.contains { ($0.value(of: property) as? [NSObject])?.isEmpty == false },
                "\(property.key)")
        }
    }

    @Test func everyRealisticContactsFrameHasSwiftProtobufsBytes() throws {
        for (index, storage) in Self.realisticBook.enumerated() {
            let id = UInt64(index) * 1_000_003 + 1
            #expect(try ContactReplyFrame.encode(id: id, contact: storage) == Self.protobufFrame(id: id, storage))
        }
    }

    @Test(arguments: edgeCaseNames)
    func anEdgeCasesFrameHasSwiftProtobufsBytes(_ name: String) throws {
        let storage = try Self.edgeCase(name)
        for id: UInt64 in [1, 127, 128, .max] {
            #expect(try ContactReplyFrame.encode(id: id, contact: storage) == Self.protobufFrame(id: id, storage))
        }
    }

    @Test(arguments: [UInt64(0), 1, 300, .max])
    func noContactHasSwiftProtobufsBytesAndReadsBackAsNone(_ id: UInt64) throws {
        let frame = try ContactReplyFrame.encode(id: id, contact: nil)
        #expect(try frame == Self.protobufFrame(id: id, nil))
        let reply = try #require(try ContactReplyFrame.decode(Self.body(frame)))
        #expect(reply.id == id)
        #expect(try reply.value.get() == nil)
    }

    // MARK: Both directions, contact for contact

    @Test func everyRealisticContactCrossesBothWays() throws {
        for storage in Self.realisticBook {
            try crossesBothWays(storage, storage.identifier)
        }
    }

    @Test(arguments: edgeCaseNames)
    func anEdgeCaseCrossesBothWays(_ name: String) throws {
        try crossesBothWays(try Self.edgeCase(name), name)
    }

    private func crossesBothWays(_ storage: ContactStorage, _ name: String) throws {
        // Hand-written writer, SwiftProtobuf's reader.
        let handFrame = try ContactReplyFrame.encode(id: 9, contact: storage)
        let byProtobuf = try Self.protobufContact(Self.body(handFrame))
        Self.expectSame(byProtobuf, try ContactStorage(wire: WireRoundTrip.binary(Contacts_V1_Contact(storage))), name)
        // SwiftProtobuf's writer, hand-written reader.
        let protobufFrame = try Self.protobufFrame(id: 9, storage)
        let reply = try #require(try ContactReplyFrame.decode(Self.body(protobufFrame)))
        #expect(reply.id == 9)
        let byHand = try reply.value.get()
        Self.expectSame(byHand, byProtobuf, name)
        // The hand-read contact keeps its values as the wire's texts; written again from them, the same bytes.
        let again = try #require(byHand)
        #expect(try ContactReplyFrame.encode(id: 9, contact: again) == protobufFrame, "\(name)")
    }

    // MARK: Other replies and malformed bytes

    @Test func aReplyWithAnotherBodyIsLeftToSwiftProtobuf() throws {
        var status = Contacts_V1_ServerMessage()
        status.id = 4
        status.authorizationStatus = Contacts_V1_AuthorizationStatusReply()
        #expect(try ContactReplyFrame.decode(Self.body(Frame.encode(status))) == nil)
        // A contact reply followed by another body: the oneof keeps the last, so this is not a contact reply.
        var later = try Self.body(Self.protobufFrame(id: 4, ModelSamples.fullContact().storage))
        later += Self.body(try Frame.encode(status))
        #expect(try ContactReplyFrame.decode(later) == nil)
        #expect(try ContactReplyFrame.decode([]) == nil)
    }

    @Test func aReplyWithAnUnknownKeyFailsThatReplyAlone() throws {
        var contact = Contacts_V1_Contact(ModelSamples.fullContact().storage)
        contact.keys.append("notAKey")
        var message = Contacts_V1_ServerMessage()
        message.id = 12
        message.contact.contact = contact
        let reply = try #require(try ContactReplyFrame.decode(Self.body(Frame.encode(message))))
        #expect(reply.id == 12)
        #expect(throws: WireError.self) { try reply.value.get() }
    }

    /// Every prefix of a frame, and every byte of it replaced by a few values (wire types and lengths broken):
    /// the hand-written reader accepts exactly what SwiftProtobuf and `ContactStorage(wire:)` accept, with the
    /// same contact, and refuses the rest with a WireError, never a crash.
    @Test(arguments: ["every key", "non-ASCII and empty values", "dates with and without a year"])
    func malformedBytesAreRefusedAsSwiftProtobufRefusesThem(_ name: String) throws {
        let body = Self.body(try Self.protobufFrame(id: 300, try Self.edgeCase(name)))
        var variants: [[UInt8]] = (0..<body.count).map { Array(body[..<$0]) }
        for index in body.indices {
            for byte: UInt8 in [0x00, 0x01, 0x07, 0x33, 0x34, 0x7F, 0x80, 0xFF] where byte != body[index] {
                var broken = body
                broken[index] = byte
                variants.append(broken)
            }
        }
        var refused = 0
        for variant in variants {
            let expected = Result { try Self.protobufContact(variant) }
            let actual: Result<ContactStorage?, any Error>
            do {
                if let reply = try ContactReplyFrame.decode(variant) {
                    actual = reply.value.mapError { $0 as any Error }
                } else {
                    // Not a contact reply (another body): SwiftProtobuf reads it, as the client does.
                    actual = Result { try Self.protobufContact(variant) }
                }
            } catch {
                #expect(error.code == .malformedMessage)
                actual = .failure(error)
            }
            switch (actual, expected) {
            case (.success(let mine), .success(let theirs)):
                Self.expectSame(mine, theirs, name)
            case (.failure(let error), .failure):
                #expect(error is WireError)
                refused += 1
            default:
                Issue.record(
                    "\(name): the readers disagree on a variant of \(variant.count) bytes: \(actual) against \(expected)"
                )
            }
        }
        // Guards the loop: most variants are broken.
        #expect(refused > variants.count / 3)
    }
}
