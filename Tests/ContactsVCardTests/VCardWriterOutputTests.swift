import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

/// The writer's hand-written fast paths (docs/VCard.md, "Figures"): dates written digit by digit, type
/// parameters rendered once per writer, lines written into the writer's own buffer and folded in place.
@Suite struct VCardWriterOutputTests {
    /// The padded text the general path writes, spelled out here as the reference.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    @Test(arguments: [nil, 0, 7, 99, 1604, 1999, 9999, 10000, -5] as [Int?])
    func datesWrittenDigitByDigitMatchThePaddedText(year: Int?) {
        for month in [0, 1, 9, 12, 99, 100] {
            for day in [0, 1, 31, 99, 123] {
                let date = VCardDate(year: year, month: month, day: day)
                let apple =
                    "\(year.map { Self.padded($0, 4) } ?? "1604")-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
                let version4 =
                    "\(year.map { Self.padded($0, 4) } ?? "--")\(Self.padded(month, 2))\(Self.padded(day, 2))"
                #expect(date.appleText == apple)
                #expect(date.version4Text == version4)
            }
        }
    }

    /// The parameters a labeled value gets, built token by token as docs/VCard.md describes them.
    private static func parameters(_ tokens: [String], preferred: Bool, version4: Bool) -> String {
        if version4 {
            let types = tokens.isEmpty ? "" : ";TYPE=" + tokens.map { $0.lowercased() }.joined(separator: ",")
            return types + (preferred ? ";PREF=1" : "")
        }
        return tokens.map { ";type=\($0)" }.joined() + (preferred ? ";type=pref" : "")
    }

    @Test(arguments: [false, true])
    func renderedTypeParametersMatchTheTokensOfEveryLabel(version4: Bool) throws {
        let phoneLabels: [String?] = [
            nil, CNLabelPhoneNumberMobile, CNLabelPhoneNumberiPhone, CNLabelPhoneNumberMain, CNLabelPhoneNumberHomeFax,
            CNLabelPhoneNumberWorkFax, CNLabelPhoneNumberOtherFax, CNLabelPhoneNumberPager, CNLabelHome, CNLabelWork,
            CNLabelOther,
        ]
        let genericLabels: [String?] = [nil, CNLabelHome, CNLabelWork, CNLabelOther]
        let contact = CNMutableContact()
        // Twice each, so every label is written both as the first (preferred) value and as a later one.
        contact.phoneNumbers = (phoneLabels + phoneLabels).enumerated().map { index, label in
            CNLabeledValue(label: label, value: CNPhoneNumber(stringValue: "555-\(1000 + index)"))
        }
        contact.emailAddresses = (genericLabels + genericLabels).enumerated().map { index, label in
            CNLabeledValue(label: label, value: "p\(index)@example.com" as NSString)
        }
        contact.urlAddresses = (genericLabels + genericLabels).enumerated().map { index, label in
            CNLabeledValue(label: label, value: "https://example.com/\(index)" as NSString)
        }
        let options = VCardWritingOptions(version: version4 ? .v4_0 : .v3_0)
        let text = String(
            decoding: try CNContactVCardSerialization.data(with: [contact], options: options), as: UTF8.self)
        let lines = Set(text.components(separatedBy: "\r\n"))
        for (index, label) in (phoneLabels + phoneLabels).enumerated() {
            let tokens = try #require(VCardLabels.phoneTypes(for: label))
            let line =
                "TEL" + Self.parameters(tokens, preferred: index == 0, version4: version4) + ":555-\(1000 + index)"
            #expect(lines.contains(line), "\(line)")
        }
        for (index, label) in (genericLabels + genericLabels).enumerated() {
            let tokens = try #require(VCardLabels.genericTypes(for: label))
            let email =
                "EMAIL" + Self.parameters(["INTERNET"] + tokens, preferred: index == 0, version4: version4)
                + ":p\(index)@example.com"
            let url =
                "URL" + Self.parameters(tokens, preferred: index == 0, version4: version4)
                + ":https://example.com/\(index)"
            #expect(lines.contains(email), "\(email)")
            #expect(lines.contains(url), "\(url)")
        }
    }

    @Test(arguments: ["\\", ",", ";", "\n", "\r", "\r\n"])
    func aCharacterToEscapeIsFoundAtEveryPositionOfValuesOfEveryLength(special: String) throws {
        // Values are scanned eight bytes at a time up to 32 bytes, the last word overlapping, and by a byte loop
        // below eight and above 31: every length from 0 to 40 and every position covers each path and seam.
        var contacts: [CNMutableContact] = []
        for length in 0...40 {
            for position in 0...length {
                let contact = CNMutableContact()
                let text =
                    String(repeating: "a", count: position) + special + String(repeating: "é", count: length - position)
                contact.familyName = text
                contact.emailAddresses = [CNLabeledValue(label: nil, value: text as NSString)]
                contacts.append(contact)
            }
        }
        let data = try CNContactVCardSerialization.data(with: contacts)
        // A carriage return, alone or before a line feed, is vCard's one line break (docs/VCard.md).
        func expected(_ text: String) -> String {
            text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        // The written text itself: a comma left unescaped in `N` would still read back the same.
        let unfolded = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        let escapedSpecial =
            ["\\": "\\\\", ",": "\\,", ";": "\\;", "\n": "\\n", "\r": "\\n", "\r\n": "\\n"][special] ?? ""
        for contact in contacts {
            let line =
                "\r\nN:" + contact.familyName.replacingOccurrences(of: special, with: escapedSpecial) + ";;;;\r\n"
            // A Bool, so that a failure names the value rather than printing the whole book.
            let written = unfolded.contains(line)
            #expect(written, "N of \(contact.familyName.debugDescription) not escaped as expected")
        }
        let read = try CNContactVCardSerialization.contacts(with: data)
        #expect(read.map(\.familyName) == contacts.map { expected($0.familyName) })
        #expect(read.map { $0.emailAddresses.first?.value as String? } == contacts.map { expected($0.familyName) })
    }

    @Test func outputLongerThanTheReservedCapacityComesBackWhole() throws {
        // The writer reserves about 512 bytes a contact; notes of 300 KB of multi-byte text make it grow many
        // times and fold every line in place.
        let contacts = (0..<3).map { index -> CNMutableContact in
            let contact = CNMutableContact()
            contact.givenName = "Name \(index)"
            contact.note = String(repeating: "é日\(index)\\,;", count: 40_000)
            return contact
        }
        let data = try CNContactVCardSerialization.data(with: contacts)
        for line in String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75)
        }
        let read = try CNContactVCardSerialization.contacts(with: data)
        #expect(read.map(\.note) == contacts.map(\.note))
        #expect(read.map(\.givenName) == contacts.map(\.givenName))
    }

    /// The output manages its own memory but stays a value: a copy that writes, grows (realloc) or hands its
    /// text away leaves the original's text as it was, and the other way round.
    @Test func aCopyOfTheOutputWritesIntoMemoryOfItsOwn() {
        func text(_ output: VCardOutput) -> String { String(decoding: output.bytes, as: UTF8.self) }
        var original = VCardOutput(capacity: 4096)
        original.begin("NOTE")
        original.value("shared")

        // Both write at the same offset of what was one buffer.
        var copy = original
        original.begin("FN")
        original.value("after")
        copy.begin("NOTE")
        copy.value("other")
        #expect(text(original) == "NOTE:shared\r\nFN:after\r\n")
        #expect(text(copy) == "NOTE:shared\r\nNOTE:other\r\n")

        // A copy that grows past the capacity, and one that hands its text away, leave the original whole.
        var grown = original
        grown.begin("NOTE")
        grown.value(String(repeating: "long ", count: 2_000))
        var taken = original
        let data = taken.takeData()
        original.begin("X-A")
        original.value("b")
        #expect(text(original) == "NOTE:shared\r\nFN:after\r\nX-A:b\r\n")
        #expect(String(decoding: data, as: UTF8.self) == "NOTE:shared\r\nFN:after\r\n")
        #expect(text(grown).hasPrefix("NOTE:shared\r\nFN:after\r\nNOTE:long") && grown.bytes.count > 10_000)
        #expect(taken.bytes.isEmpty)
    }
}
