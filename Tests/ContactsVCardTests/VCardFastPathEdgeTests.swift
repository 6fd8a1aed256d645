import ContactsModel
import ContactsSampleData
import Foundation
import Testing

@testable import ContactsVCard

/// The edges of the reader's fast paths added for issue 17's ratio to Evolution Data Server: `FN` kept as bytes
/// until the card ends, companions found by scanning their groups, plain values validated once, predefined labels
/// matched by length, and the card handed out of the reader without a copy.
@Suite struct VCardFastPathEdgeTests {
    // MARK: Reader: FN kept as bytes until the card ends

    @Test(
        arguments: [
            // (card lines, expected given name, expected group name): FN becomes the given name without N.
            (["FN:Dupont\\, Jean\\; Sr."], "Dupont, Jean; Sr.", nil),
            (["FN:山田太郎"], "山田太郎", nil),
            (["N:;;;;", "FN:Ολγα Παπαδοπούλου"], "Ολγα Παπαδοπούλου", nil),
            (["FN:Zoë", "N:Müller;Anna;;;"], "Anna", nil),
            (["FN:Only Prefix", "N:;;;Dr.;"], "", nil),
            (["FN:First", "FN:Second"], "First", nil),
            (["X-ADDRESSBOOKSERVER-KIND:group", "FN:Équipe\\, A"], "", "Équipe, A"),
            (["FN:Team", "KIND:group", "N:Ignored;;;;"], "", "Team"),
            (["FN:  "], "", nil),
        ] as [([String], String, String?)])
    func formattedNameReadLateIsTheTextOfTheLine(_ lines: [String], _ given: String, _ group: String?) throws {
        let text = (["BEGIN:VCARD", "VERSION:3.0"] + lines + ["END:VCARD"]).joined(separator: "\r\n")
        let card = try #require(VCardTestSupport.cards(text: text).first)
        #expect(card.contact.givenName == given)
        #expect(card.groupName == group)
        try VCardFastPathTests.expectSameReading(Data(text.utf8))
    }

    /// An `FN` folded inside a multi-byte character, and one in windows-1252 (not UTF-8, no charset), read as the
    /// general path reads them.
    @Test func formattedNameFoldedInsideACharacterOrNotUTF8() throws {
        var folded = Array("BEGIN:VCARD\r\nFN:".utf8) + Array(String(repeating: "é", count: 40).utf8)
        folded.insert(contentsOf: Array("\r\n ".utf8), at: folded.count - 7)  // between the two bytes of an é
        folded += Array("\r\nEND:VCARD\r\n".utf8)
        let card = try #require(VCardReader.read(Data(folded)).first)
        #expect(card.contact.givenName == String(repeating: "é", count: 40))
        try VCardFastPathTests.expectSameReading(Data(folded))

        let latin1 = Array("BEGIN:VCARD\r\nFN:Ren".utf8) + [0xE9] + Array(" Gar\\,cía\r\nEND:VCARD\r\n".utf8)
        let other = try #require(VCardReader.read(Data(latin1)).first)
        // The whole value is read as windows-1252: the "í" written in UTF-8 becomes "Ã" and a soft hyphen.
        #expect(other.contact.givenName == "René Gar,c\u{C3}\u{AD}a")
        try VCardFastPathTests.expectSameReading(Data(latin1))
    }

    /// A reused builder does not carry one card's `FN` bytes into the next card, which has none.
    @Test func formattedNameBytesDoNotLeakIntoTheNextCard() throws {
        let text =
            "BEGIN:VCARD\r\nFN:Long Name Of The First Card\r\nEND:VCARD\r\nBEGIN:VCARD\r\nNOTE:x\r\nEND:VCARD\r\n"
        let cards = try VCardTestSupport.cards(text: text)
        #expect(cards.map(\.contact.givenName) == ["Long Name Of The First Card", ""])
    }

    // MARK: Structured values validated part by part

    /// `N`, `ORG` and `ADR` split into parts validated once each: non-ASCII parts, escaped separators, and a part
    /// that is not UTF-8 (the whole value is then read as windows-1252, as the general path reads it).
    @Test func structuredValuesReadAsTheGeneralPathReadsThem() throws {
        let lines: [[UInt8]] = [
            Array("N:Müller\\;Schmidt;Zoë\\,Anna;;Dr.;".utf8),
            Array("ORG:株式会社;営業\\;第一;".utf8),
            Array("item1.ADR;type=HOME:;;Straße 1\\nHof;Köln;;50667;Deutschland".utf8),
            Array("N:Ren".utf8) + [0xE9] + Array(";Gar\\;c".utf8) + [0xED] + Array("a;;;".utf8),
            Array("ADR:;;caf".utf8) + [0xE9] + Array(";Paris;;;".utf8),
            Array("ORG:ok;".utf8) + [0xC3],
        ]
        var text: [UInt8] = Array("BEGIN:VCARD\r\n".utf8)
        for line in lines { text += line + Array("\r\nEND:VCARD\r\nBEGIN:VCARD\r\n".utf8) }
        text += Array("END:VCARD\r\n".utf8)
        let cards = try VCardReader.read(Data(text))
        #expect(cards[0].contact.familyName == "Müller;Schmidt" && cards[0].contact.givenName == "Zoë,Anna")
        #expect(cards[1].contact.organizationName == "株式会社" && cards[1].contact.departmentName == "営業;第一")
        #expect(cards[2].contact.postalAddresses.first?.value.street == "Straße 1\nHof")
        #expect(cards[3].contact.familyName == "René" && cards[3].contact.givenName == "Gar;c\u{ED}a")
        #expect(cards[4].contact.postalAddresses.first?.value.street == "café")
        #expect(cards[5].contact.departmentName == "\u{C3}")
        try VCardFastPathTests.expectSameReading(Data(text))
    }

    // MARK: Companions by group

    /// Labels and country codes find their values before and after them, past the table's scan limit too (where
    /// it moves to a dictionary); the first companion of a group wins and a second one stays an unknown property.
    @Test(arguments: [3, VCardGroupTable.scanLimit, VCardGroupTable.scanLimit + 1, 60])
    func companionsFindTheirGroupsAtAnyCount(_ count: Int) throws {
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "N:Test;;;;"]
        for index in 1...count {
            // Even groups give the label first, odd ones after the value.
            if index % 2 == 0 { lines.append("item\(index).X-ABLabel:Label \(index)") }
            lines.append("item\(index).URL:https://example.com/\(index)")
            if index % 2 == 1 { lines.append("item\(index).x-ablabel:Label \(index)") }
            lines.append("item\(index).X-ABLabel:Second \(index)")
        }
        lines.append("item\(count + 1).ADR:;;Street;City;;;")
        lines.append("item\(count + 1).X-ABADR:de")
        lines.append("item\(count + 2).X-ABADR:fr")
        lines.append("END:VCARD")
        let text = lines.joined(separator: "\r\n")
        let card = try #require(VCardTestSupport.cards(text: text).first)
        let urls = card.contact.urlAddresses
        #expect(urls.count == count)
        for (offset, url) in urls.enumerated() {
            #expect(url.label == "Label \(offset + 1)")
            #expect(url.value as String == "https://example.com/\(offset + 1)")
        }
        #expect(card.contact.postalAddresses.first?.value.isoCountryCode == "de")
        // The second label of each group and the country code of a group with no address are kept.
        #expect(card.unknownProperties.filter { $0.value.hasPrefix("Second") }.count == count)
        #expect(card.unknownProperties.contains { $0.group == "item\(count + 2)" && $0.value == "fr" })
        try VCardFastPathTests.expectSameReading(Data(text.utf8))
    }

    /// Every predefined label read from a file becomes the model's constant; text of the same length that is no
    /// label stays as written.
    @Test func everyPredefinedLabelIsInterned() {
        for label in allGenericLabels + allContactRelationLabels {
            let read = String(decoding: Array(label.utf8), as: UTF8.self)
            #expect(VCardLabels.interned(read) == label)
            if label.hasPrefix("_$!<") {
                let other = "_$!<" + String(repeating: "Z", count: label.utf8.count - 8) + ">!$_"
                #expect(VCardLabels.interned(other) == other)
            }
        }
        #expect(VCardLabels.interned(String(repeating: "_", count: 300)) == String(repeating: "_", count: 300))
    }

    // MARK: Plain values validated once

    @Test(
        arguments: [
            ([0xC3, 0xA9], true), ([0xE2, 0x82, 0xAC], true), ([0xF0, 0x9D, 0x84, 0x9E], true),
            ([0xF4, 0x8F, 0xBF, 0xBF], true), ([0xEF, 0xBF, 0xBF], true), ([0xED, 0x9F, 0xBF], true),
            ([0xC0, 0x80], false), ([0xC1, 0xBF], false), ([0xE0, 0x80, 0x80], false), ([0xE0, 0x9F, 0xBF], false),
            ([0xED, 0xA0, 0x80], false), ([0xF0, 0x80, 0x80, 0x80], false), ([0xF4, 0x90, 0x80, 0x80], false),
            ([0xF5, 0x80, 0x80, 0x80], false), ([0x80], false), ([0xC3], false), ([0xE2, 0x82], false), ([0xFF], false),
        ] as [([UInt8], Bool)])
    func plainTextAcceptsExactlyWellFormedUTF8(_ sequence: [UInt8], _ wellFormed: Bool) {
        for bytes in [sequence, Array("ab".utf8) + sequence + Array("cd".utf8), sequence + sequence] {
            let plain = VCardValueDecoding.plainText(bytes[...])
            #expect((plain != nil) == wellFormed, "\(bytes)")
            #expect(VCardValueDecoding.isValidUTF8(bytes[...]) == wellFormed, "\(bytes)")
            if let plain { #expect(Array(plain.utf8) == bytes) }
        }
    }

    // MARK: Cards handed out without a copy

    /// Cards nested in a card (vCard 2.1 `AGENT`, a `BEGIN:VCARD` inside a card) still follow the card that holds
    /// them, and plain cards around them keep their order, read whole or a byte at a time.
    @Test func nestedAndPlainCardsKeepTheirOrder() throws {
        let text = [
            "BEGIN:VCARD", "FN:A", "END:VCARD",
            "BEGIN:VCARD", "VERSION:2.1", "FN:B", "AGENT:BEGIN:VCARD", "FN:C", "END:VCARD", "END:VCARD",
            "BEGIN:VCARD", "FN:D", "BEGIN:VCARD", "FN:E", "END:VCARD", "NOTE:d", "END:VCARD",
            "BEGIN:VCARD", "FN:F", "END:VCARD",
        ].joined(separator: "\r\n")
        let whole = try VCardTestSupport.cards(text: text).map(\.contact.givenName)
        #expect(whole == ["A", "B", "C", "D", "E", "F"])
        var bytes = Array(text.utf8)[...]
        var reader = VCardStreamReader(chunks: {
            guard let byte = bytes.popFirst() else { return nil }
            return Data([byte])
        })
        var streamed: [String] = []
        while let card = try reader.next() { streamed.append(card.contact.givenName) }
        #expect(streamed == whole)
        #expect(try CNContactVCardSerialization.contacts(with: Data(text.utf8)).map(\.givenName) == whole)
    }
}
