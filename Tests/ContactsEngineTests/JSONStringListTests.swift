import Foundation
import Testing

@testable import ContactsEngine

@Suite struct JSONStringListTests {
    @Test(arguments: [
        [], ["00000000-0000-4000-8000-000000000000"], ["quote\"inside", "back\\slash", "tab\there", "\u{1}control"],
        ["plain", "Søren 山田", "", "urn:uuid:a\"b"],
    ] as [[String]])
    func encodesAListJSONDecodesBack(strings: [String]) throws {
        let json = JSONStringList.encode(strings)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        #expect(decoded == strings)
    }
}
