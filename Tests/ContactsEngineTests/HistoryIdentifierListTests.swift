import Foundation
import Testing

@testable import ContactsEngine

@Suite struct HistoryIdentifierListTests {
    @Test(arguments: [
        [String](), ["A1B2:ABPerson"], ["quote\"d", "back\\slash", "tab\there", "nul\u{0}", "ünïcødé 山田", "\u{1F}"],
    ])
    func listParsesBackToTheSameStrings(strings: [String]) throws {
        let json = IdentifierList.json(strings)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? [String]
        #expect(parsed == strings)
    }
}
