import ContactsFormatting
import ContactsModel
import Foundation
import Testing

/// Builds a person from name parts; every key is available.
func person(
    prefix: String = "",
    given: String = "",
    middle: String = "",
    family: String = "",
    suffix: String = "",
    nickname: String = "",
    organization: String = ""
) -> CNMutableContact {
    let contact = CNMutableContact()
    contact.namePrefix = prefix
    contact.givenName = given
    contact.middleName = middle
    contact.familyName = family
    contact.nameSuffix = suffix
    contact.nickname = nickname
    contact.organizationName = organization
    return contact
}

/// A formatter with the settings of a locale, independent of the person running the tests.
func contactFormatter(
    locale: String = "en_US",
    order: CNContactDisplayNameOrder = .userDefault,
    style: CNContactFormatterStyle = .fullName
) -> CNContactFormatter {
    let formatter = CNContactFormatter(settings: UserSettings(localeIdentifier: locale, displayNameOrder: order))
    formatter.style = style
    return formatter
}

@Suite struct ContactFormatterTests {
    @Test func fullNameOfJohnAppleseedIsGivenThenFamily() {
        let contact = person(given: "John", family: "Appleseed")
        #expect(contactFormatter().string(from: contact) == "John Appleseed")
        #expect(CNContactFormatter.string(from: contact, style: .fullName)?.contains("John") == true)
    }

    @Test func fullNameHasPrefixMiddleNamesAndSuffixAsAppleExportsWriteThem() {
        // N:Doe;John;Richter,James;Mr.;Sr. has two additional names, which a contact holds as "Richter James".
        let contact = person(prefix: "Mr.", given: "John", middle: "Richter James", family: "Doe", suffix: "Sr.")
        #expect(contactFormatter().string(from: contact) == "Mr. John Richter James Doe Sr.")
    }

    @Test func bobSmithWithoutOtherPartsIsGivenThenFamily() {
        #expect(contactFormatter().string(from: person(given: "Bob", family: "Smith")) == "Bob Smith")
    }

    @Test(arguments: [
        ("en_US", CNContactDisplayNameOrder.userDefault, "John Appleseed"),
        ("en_US", .familyNameFirst, "Appleseed John"),
        ("ja_JP", .userDefault, "Appleseed John"),
        ("ja_JP", .givenNameFirst, "John Appleseed"),
        ("hu_HU", .userDefault, "Appleseed John"),
        ("vi_VN", .userDefault, "Appleseed John"),
        ("zh_CN", .userDefault, "Appleseed John"),
        ("fr_FR", .userDefault, "John Appleseed"),
    ])
    func latinNamesFollowTheSettingThenTheLocale(locale: String, order: CNContactDisplayNameOrder, expected: String) {
        let contact = person(given: "John", family: "Appleseed")
        #expect(contactFormatter(locale: locale, order: order).string(from: contact) == expected)
    }

    @Test(
        arguments: ["en_US", "fr_FR", "ja_JP"],
        [CNContactDisplayNameOrder.userDefault, .givenNameFirst, .familyNameFirst])
    func cjkNamesAreFamilyNameFirstWithoutSpaceWhateverTheSettings(locale: String, order: CNContactDisplayNameOrder) {
        let formatter = contactFormatter(locale: locale, order: order)
        #expect(formatter.string(from: person(given: "太郎", family: "山田")) == "山田太郎")
        #expect(formatter.string(from: person(given: "三", family: "张")) == "张三")
        #expect(formatter.string(from: person(given: "たろう", family: "やまだ")) == "やまだたろう")
        #expect(formatter.string(from: person(given: "민준", family: "김")) == "김민준")
        #expect(formatter.nameOrder(for: person(given: "민준", family: "김")) == .familyNameFirst)
    }

    @Test func vietnameseFamilyFirstOrderKeepsTheMiddleNameBetween() {
        let contact = person(given: "An", middle: "Văn", family: "Nguyễn")
        #expect(contactFormatter(locale: "vi_VN").string(from: contact) == "Nguyễn Văn An")
    }

    @Test func organizationShowsTheOrganizationName() {
        let contact = person(given: "John", family: "Appleseed", organization: "Apple")
        contact.contactType = .organization
        #expect(contactFormatter().string(from: contact) == "Apple")
    }

    @Test func organizationWithoutOrganizationNameShowsThePersonName() {
        let contact = person(given: "John", family: "Appleseed")
        contact.contactType = .organization
        #expect(contactFormatter().string(from: contact) == "John Appleseed")
    }

    @Test func personWithoutNameShowsNicknameThenOrganization() {
        #expect(contactFormatter().string(from: person(nickname: "Johnny", organization: "Apple")) == "Johnny")
        #expect(contactFormatter().string(from: person(organization: "Apple")) == "Apple")
    }

    @Test func emptyContactHasNoName() {
        #expect(contactFormatter().string(from: CNMutableContact()) == nil)
        #expect(contactFormatter().attributedString(from: CNMutableContact()) == nil)
        #expect(contactFormatter(style: .phoneticFullName).string(from: CNMutableContact()) == nil)
    }

    @Test func phoneticFullNameUsesPhoneticPartsWithoutNicknameFallback() {
        let contact = person(given: "太郎", family: "山田", nickname: "Taro")
        #expect(contactFormatter(style: .phoneticFullName).string(from: contact) == nil)
        contact.phoneticGivenName = "たろう"
        contact.phoneticFamilyName = "やまだ"
        #expect(contactFormatter(style: .phoneticFullName).string(from: contact) == "やまだ たろう")
        let western = person(given: "John", family: "Appleseed")
        western.phoneticGivenName = "Jon"
        western.phoneticFamilyName = "Apple-seed"
        #expect(contactFormatter(style: .phoneticFullName).string(from: western) == "Jon Apple-seed")
    }

    @Test func phoneticFullNameOfOrganizationIsItsPhoneticOrganizationName() {
        let contact = person(organization: "株式会社")
        contact.contactType = .organization
        contact.phoneticOrganizationName = "かぶしきがいしゃ"
        #expect(contactFormatter(style: .phoneticFullName).string(from: contact) == "かぶしきがいしゃ")
    }

    @Test func stringForAnyFormatsContactsOnly() {
        let formatter = contactFormatter()
        #expect(formatter.string(for: person(given: "Bob", family: "Smith")) == "Bob Smith")
        #expect(formatter.string(for: "Bob") == nil)
    }

    @Test func copyKeepsTheStyle() throws {
        let formatter = contactFormatter(style: .phoneticFullName)
        let copy = try #require(formatter.copy() as? CNContactFormatter)
        #expect(copy.style == .phoneticFullName)
        #expect(CNContactFormatter().style == .fullName)
        #expect(CNContactFormatter.supportsSecureCoding)
    }
}

@Suite struct ContactFormatterCodingTests {
    @Test func keyedArchiveKeepsTheStyle() throws {
        let formatter = contactFormatter(style: .phoneticFullName)
        let data = try NSKeyedArchiver.archivedData(withRootObject: formatter, requiringSecureCoding: true)
        let decoded = try #require(
            try NSKeyedUnarchiver.unarchivedObject(ofClass: CNContactFormatter.self, from: data)
        )
        #expect(decoded.style == .phoneticFullName)
    }
}
