import ContactsFormatting
import ContactsModel
import Foundation
import Testing

/// The contact key on each attributed range of a formatted name, with the text it covers.
func contactKeyRuns(_ text: NSAttributedString) -> [(key: String?, text: String)] {
    var runs: [(key: String?, text: String)] = []
    let whole = NSRange(location: 0, length: text.length)
    text.enumerateAttribute(NSAttributedString.Key(CNContactPropertyAttribute), in: whole) { value, range, _ in
        runs.append((value as? String, text.attributedSubstring(from: range).string))
    }
    return runs
}

@Suite struct ContactFormatterAttributedTests {
    @Test func eachNamePartCarriesItsContactKey() throws {
        let contact = person(prefix: "Mr.", given: "John", middle: "Richter James", family: "Doe", suffix: "Sr.")
        let text = try #require(contactFormatter().attributedString(from: contact))
        #expect(text.string == "Mr. John Richter James Doe Sr.")
        let runs = contactKeyRuns(text)
        #expect(
            runs.map(\.key) == [
                CNContactNamePrefixKey, nil, CNContactGivenNameKey, nil, CNContactMiddleNameKey, nil,
                CNContactFamilyNameKey, nil, CNContactNameSuffixKey,
            ])
        #expect(runs.map(\.text) == ["Mr.", " ", "John", " ", "Richter James", " ", "Doe", " ", "Sr."])
    }

    @Test func cjkPartsAreAdjacentRanges() throws {
        let text = try #require(contactFormatter().attributedString(from: person(given: "太郎", family: "山田")))
        let runs = contactKeyRuns(text)
        #expect(runs.map(\.key) == [CNContactFamilyNameKey, CNContactGivenNameKey])
        #expect(runs.map(\.text) == ["山田", "太郎"])
    }

    @Test func rangesCountUTF16UnitsOfCharactersOutsideTheBasicPlane() throws {
        // 𠮷 is one character but two UTF-16 units.
        let text = try #require(contactFormatter().attributedString(from: person(given: "𠮷雄", family: "𠮷田")))
        #expect(contactKeyRuns(text).map(\.text) == ["𠮷田", "𠮷雄"])
    }

    @Test func fallbackNameCarriesTheNicknameOrOrganizationKey() throws {
        let nickname = try #require(contactFormatter().attributedString(from: person(nickname: "Johnny")))
        #expect(contactKeyRuns(nickname).map(\.key) == [CNContactNicknameKey])
        let company = person(organization: "Apple")
        company.contactType = .organization
        let organization = try #require(
            CNContactFormatter.attributedString(from: company, style: .fullName, defaultAttributes: nil)
        )
        #expect(contactKeyRuns(organization).map(\.key) == [CNContactOrganizationNameKey])
    }

    @Test func defaultAttributesCoverTheWholeString() throws {
        let key = NSAttributedString.Key("test.color")
        let text = try #require(
            contactFormatter().attributedString(
                from: person(given: "Bob", family: "Smith"),
                defaultAttributes: [key: "red", "test.plain": 1]
            )
        )
        var range = NSRange()
        #expect(
            text.attribute(key, at: 0, longestEffectiveRange: &range, in: NSRange(location: 0, length: text.length))
                as? String == "red")
        #expect(range == NSRange(location: 0, length: text.length))
        #expect(text.attribute(NSAttributedString.Key("test.plain"), at: 4, effectiveRange: nil) as? Int == 1)
    }
}
