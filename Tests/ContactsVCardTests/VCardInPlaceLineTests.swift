import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

/// The edges of lines handed out in place: a physical line of bytes in memory that nothing continues is read as
/// a slice of the input, every other line is joined into the scanner's buffer. Reading from chunks never hands a
/// line out in place, so each case is also read one byte at a time and the two readings must agree; the values
/// are checked as well, so a mistake both ways would still fail.
@Suite struct VCardInPlaceLineTests {
    /// Reads data a few bytes at a time: every line goes through the joining path.
    private static func readInChunks(_ data: Data) throws -> [VCardCard] {
        try VCardChunkedReading.cards(data, size: 3)
    }

    /// The cards of the data in memory, after checking they are those read in chunks and by the general path.
    private static func cards(_ data: Data) throws -> [VCardCard] {
        let inPlace = try VCardReader.read(data)
        let chunked = try readInChunks(data)
        #expect(inPlace.count == chunked.count)
        for (left, right) in zip(inPlace, chunked) {
            #expect(VCardTestSupport.differences(left.contact, right.contact) == [])
            #expect(left.unknownProperties == right.unknownProperties)
            #expect(left.lineNumber == right.lineNumber)
            #expect(left.groupName == right.groupName)
        }
        try VCardFastPathTests.expectSameReading(data)
        return inPlace
    }

    private static func card(_ lines: [String], ending: String = "\r\n") throws -> VCardCard {
        let text = (["BEGIN:VCARD", "VERSION:3.0"] + lines + ["END:VCARD"]).joined(separator: ending) + ending
        let cards = try cards(Data(text.utf8))
        try #require(cards.count == 1)
        return cards[0]
    }

    // MARK: Line breaks

    @Test(arguments: ["\r\n", "\n", "\r", "\r\r\n"])
    func everyLineBreakGivesTheSameCard(_ ending: String) throws {
        let card = try Self.card(
            [
                "N:Okafor;Lukas;;;", "FN:Lukas Okafor", "TEL;type=CELL;type=VOICE;type=pref:083-834-2809",
                "NOTE:one", " two",
            ],
            ending: ending)
        #expect(card.contact.familyName == "Okafor")
        #expect(card.contact.givenName == "Lukas")
        #expect(card.contact.phoneNumbers.map(\.value.stringValue) == ["083-834-2809"])
        #expect(card.contact.phoneNumbers.first?.label == CNLabelPhoneNumberMobile)
        #expect(card.contact.note == "onetwo")
    }

    /// The break is found eight bytes at a time: values whose line break falls at every place of a word, and a
    /// last line with no break at all.
    @Test func lineBreaksAtEveryPlaceOfAWordAndAtTheEnd() throws {
        for length in 0...24 {
            let note = String(repeating: "n", count: length)
            let text = "BEGIN:VCARD\r\nNOTE:\(note)\r\nTITLE:t\(note)\r\nEND:VCARD"
            let card = try #require(try Self.cards(Data(text.utf8)).first)
            #expect(card.contact.note == note)
            #expect(card.contact.jobTitle == "t" + note)
        }
    }

    // MARK: Continued lines go the joining way

    @Test func aFoldInsideAMultiByteCharacterIsJoined() throws {
        for ending in ["\r\n", "\n"] {
            var bytes = Array("BEGIN:VCARD\(ending)NOTE:".utf8) + Array(String(repeating: "é", count: 10).utf8)
            // Between the two bytes of the fourth é, with a space and then with a tab.
            bytes.insert(contentsOf: Array("\(ending) ".utf8), at: bytes.count - 13)
            bytes.insert(contentsOf: Array("\(ending)\t".utf8), at: bytes.count - 5)
            bytes += Array("\(ending)TITLE:é\(ending)END:VCARD\(ending)".utf8)
            let card = try #require(try Self.cards(Data(bytes)).first)
            #expect(card.contact.note == String(repeating: "é", count: 10))
            #expect(card.contact.jobTitle == "é")
        }
    }

    @Test func softLineBreaksBackslashesAndBase64AreJoined() throws {
        let card = try Self.card(
            [
                "NOTE;ENCODING=QUOTED-PRINTABLE:caf=C3=A9 =", "au lait",
                "TITLE:ends with =",
                "X-TWO-ONE:first\\", "second",
                "PHOTO;ENCODING=b;TYPE=JPEG:/9j/", "4AAQ",
            ])
        #expect(card.contact.note == "café au lait")
        #expect(card.contact.jobTitle == "ends with =")
        #expect(card.unknownProperties.first { $0.name == "X-TWO-ONE" }?.value == "first\\nsecond")
        #expect(card.contact.imageData == Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]))
    }

    /// A line number in an error counts every physical line, joined or in place.
    @Test func errorsGiveThePhysicalLine() throws {
        let text = "BEGIN:VCARD\r\nNOTE:a\r\n b\r\n c\r\nTITLE:x\r\n;broken\r\nEND:VCARD\r\n"
        #expect(throws: VCardParseError(.invalidPropertyName, line: 6)) { try VCardReader.read(Data(text.utf8)) }
        #expect(throws: VCardParseError(.invalidPropertyName, line: 6)) { try Self.readInChunks(Data(text.utf8)) }
    }

    // MARK: Values read from slices of the input

    @Test func escapedCommasAndSemicolonsSplitWhereTheyShould() throws {
        let card = try Self.card([
            "N:O\\;Brien;Ann\\, Jr.;;;", "ORG:Dupont\\, Fils\\;SA;R&D",
            "item1.ADR;type=HOME:;;12 Rue\\, Bât. B;Paris;;75001;FR", "CATEGORIES:a\\,b,c",
        ])
        #expect(card.contact.familyName == "O;Brien")
        #expect(card.contact.givenName == "Ann, Jr.")
        #expect(card.contact.organizationName == "Dupont, Fils;SA")
        #expect(card.contact.departmentName == "R&D")
        #expect(card.contact.postalAddresses.first?.value.street == "12 Rue, Bât. B")
        #expect(card.contact.postalAddresses.first?.value.city == "Paris")
        #expect(card.categories == ["a,b", "c"])
    }

    @Test func groupedItemsFindTheirCompanionsBeforeAndAfter() throws {
        let card = try Self.card([
            "item2.X-ABLabel:Boat", "item1.TEL;type=VOICE:+1 555 0100", "item1.X-ABLabel:_$!<Mobile>!$_",
            "item2.EMAIL;type=INTERNET:a@example.com", "item3.URL:https://example.com", "item3.X-ABLABEL:site",
        ])
        #expect(card.contact.phoneNumbers.first?.label == CNLabelPhoneNumberMobile)
        #expect(card.contact.emailAddresses.first?.label == "Boat")
        #expect(card.contact.urlAddresses.first?.label == "site")
        #expect(card.unknownProperties.isEmpty)
    }

    @Test func unknownPropertiesAreKeptAsWritten() throws {
        let card = try Self.card(["x-custom.X-THING;Param=\"a,b\";BARE;P2=c,d:va\\,lue;x", "X-EMPTY:"])
        let thing = try #require(card.unknownProperties.first)
        #expect(thing.group == "x-custom")
        #expect(thing.name == "X-THING")
        #expect(
            thing.parameters == [
                VCardParameter(name: "Param", values: ["a,b"]), VCardParameter(name: "BARE", values: []),
                VCardParameter(name: "P2", values: ["c", "d"]),
            ])
        #expect(thing.value == "va\\,lue;x")
        #expect(card.unknownProperties.last?.name == "X-EMPTY")
        #expect(card.unknownProperties.last?.value == "")
    }

    /// Cards of very different sizes in a row, each line a slice of the same input: nothing of one card's lines
    /// shows in the next.
    @Test func cardsOfDifferentSizesInARow() throws {
        let long = String(repeating: "Ω long value ", count: 40)
        var text = ""
        for index in 0..<6 {
            if index.isMultiple(of: 2) {
                text += "BEGIN:VCARD\nN:Big\(index);\(long);;;\nNOTE:\(long)\nTEL:1\nTEL:2\nEMAIL:e@x.org\nEND:VCARD\n"
            } else {
                text += "BEGIN:VCARD\r\nN:S\(index)\r\nEND:VCARD\r\n"
            }
        }
        let cards = try Self.cards(Data(text.utf8))
        #expect(cards.map(\.contact.familyName) == ["Big0", "S1", "Big2", "S3", "Big4", "S5"])
        for (index, card) in cards.enumerated() {
            let isBig = index.isMultiple(of: 2)
            #expect(card.contact.givenName == (isBig ? long : ""))
            #expect(card.contact.note == (isBig ? long : ""))
            #expect(card.contact.phoneNumbers.count == (isBig ? 2 : 0))
            #expect(card.contact.emailAddresses.count == (isBig ? 1 : 0))
        }
    }
}
