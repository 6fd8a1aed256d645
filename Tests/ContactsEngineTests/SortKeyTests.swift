import ContactsModel
import Foundation
import Testing

@testable import ContactsEngine

@Suite struct SortKeyTests {
    @Test(arguments: [
        ("Ann", "Lee", CNContactType.person, ""), ("", "", .organization, "Acme"), ("", "", .person, ""),
        ("Émile", "", .person, "Org"),
    ])
    func bothKeysAtOnceEqualTheKeysOneByOne(given: String, family: String, type: CNContactType, organization: String) {
        var names = SortKey.Names()
        names.givenName = given
        names.familyName = family
        names.contactType = type
        names.organizationName = organization
        let sortKey = SortKey(localeIdentifier: "sv_SE")
        let both = sortKey.keys(for: names, identifier: "x")
        #expect(both.given == sortKey.key(for: names, order: .givenName, identifier: "x"))
        #expect(both.family == sortKey.key(for: names, order: .familyName, identifier: "x"))
    }
}
