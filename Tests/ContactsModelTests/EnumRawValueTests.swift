import Testing

@testable import ContactsModel

/// Every enumeration case with Apple's raw value (APPLE-API.md §2).
@Suite struct EnumRawValueTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let rawValue: Int
        let expected: Int
        /// Whether `init?(rawValue:)` gives back the case.
        let parsesBack: Bool
        var testDescription: String { name }
    }

    static func row<Enum: RawRepresentable & Equatable>(_ value: Enum, _ expected: Int) -> Row
    where Enum.RawValue == Int {
        Row(
            name: "\(Enum.self).\(value)",
            rawValue: value.rawValue,
            expected: expected,
            parsesBack: Enum(rawValue: value.rawValue) == value
        )
    }

    static let rows: [Row] = [
        row(CNEntityType.contacts, 0),
        row(CNAuthorizationStatus.notDetermined, 0), row(CNAuthorizationStatus.restricted, 1),
        row(CNAuthorizationStatus.denied, 2), row(CNAuthorizationStatus.authorized, 3),
        row(CNAuthorizationStatus.limited, 4),
        row(CNContactType.person, 0), row(CNContactType.organization, 1),
        row(CNContactSortOrder.none, 0), row(CNContactSortOrder.userDefault, 1),
        row(CNContactSortOrder.givenName, 2), row(CNContactSortOrder.familyName, 3),
        row(CNContainerType.unassigned, 0), row(CNContainerType.local, 1), row(CNContainerType.exchange, 2),
        row(CNContainerType.cardDAV, 3),
        row(CNContactFormatterStyle.fullName, 0), row(CNContactFormatterStyle.phoneticFullName, 1),
        row(CNContactDisplayNameOrder.userDefault, 0), row(CNContactDisplayNameOrder.givenNameFirst, 1),
        row(CNContactDisplayNameOrder.familyNameFirst, 2),
        row(CNPostalAddressFormatterStyle.mailingAddress, 0),
    ]

    @Test(arguments: rows)
    func caseHasAppleRawValue(row: Row) {
        #expect(row.rawValue == row.expected)
        #expect(row.parsesBack)
    }

    /// The first raw value past each enumeration's last case, which must not parse.
    static let firstUnusedRawValues: [(name: String, parses: Bool)] = [
        ("CNEntityType", CNEntityType(rawValue: 1) != nil),
        ("CNAuthorizationStatus", CNAuthorizationStatus(rawValue: 5) != nil),
        ("CNContactType", CNContactType(rawValue: 2) != nil),
        ("CNContactSortOrder", CNContactSortOrder(rawValue: 4) != nil),
        ("CNContainerType", CNContainerType(rawValue: 4) != nil),
        ("CNContactFormatterStyle", CNContactFormatterStyle(rawValue: 2) != nil),
        ("CNContactDisplayNameOrder", CNContactDisplayNameOrder(rawValue: 3) != nil),
        ("CNPostalAddressFormatterStyle", CNPostalAddressFormatterStyle(rawValue: 1) != nil),
        ("CNContactType (negative)", CNContactType(rawValue: -1) != nil),
    ]

    @Test(arguments: firstUnusedRawValues)
    func rawValuesPastTheLastCaseDoNotParse(name: String, parses: Bool) {
        #expect(!parses, "\(name)")
    }
}
