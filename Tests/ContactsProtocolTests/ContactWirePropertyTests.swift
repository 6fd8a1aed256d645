import ContactsModel
import ContactsProtocol
import ContactsTestSupport
import Foundation
import PropertyBased
import Testing

/// Random contacts cross the wire with every string byte for byte: U+0000, emoji sequences, combining marks
/// in both normal forms, and every line break.
@Suite struct ContactWirePropertyTests {
    static let pool: [String] = [
        "a", "Z", "0", " ", "\u{0}", "\r", "\n", "\r\n", "\t", "🎉", "👩‍👩‍👧", "🇫🇷", "e\u{301}", "\u{E9}",
        "\u{301}", "A\u{30A}", "\u{C5}", "日", "ب", "한", "\u{FEFF}", "\u{200D}", "\u{FFFD}", "\u{10FFFF}",
    ]

    static let text = Gen<String?>.element(of: pool).map { $0 ?? "" }.array(of: 0...6).map { $0.joined() }
    static let label = zip(Gen.bool(0.3), text).map { isNil, text in isNil ? nil : text }
    /// A labeled value's identifier, label and up to eight strings for its value.
    static let labeled = zip(text, label, text.array(of: 8)).array(of: 0...2)

    struct Strings: Sendable {
        var values: [String]
    }

    static let names = text.array(of: 17).map { Strings(values: $0) }

    @Test func randomTextSurvivesTheWireByteForByte() async {
        await propertyCheck(count: 200, input: Self.names, Self.labeled, Self.labeled) { names, first, second in
            let storage = Self.makeStorage(names.values, first, second)
            let copy = try WireRoundTrip.storage(storage)
            #expect(WireRoundTrip.exactStrings(of: copy) == WireRoundTrip.exactStrings(of: storage))
            #expect(
                WireRoundTrip.labels(of: copy).map { $0.map { Array($0.utf8) } }
                    == WireRoundTrip.labels(of: storage).map { $0.map { Array($0.utf8) } })
            #expect(copy.hasSameValues(as: storage))
        }
    }

    typealias Labeled = [(String, String?, [String])]

    static func makeStorage(_ names: [String], _ first: Labeled, _ second: Labeled) -> ContactStorage {
        var storage = ContactStorage(identifier: names[15], fetchedKeys: .all)
        for (property, name) in zip(ContactProperty.stringProperties, names) {
            _ = storage.setString(name, of: property)
        }
        storage.linkedIdentifiers = [names[15], names[16]]
        func values<Value>(_ entries: Labeled, _ make: ([String]) -> Value) -> [CNLabeledValue<Value>] {
            entries.map { CNLabeledValue(identifier: $0.0, label: $0.1, value: make($0.2)) }
        }
        storage.phoneNumbers = values(first) { CNPhoneNumber(stringValue: $0[0]) }
        storage.emailAddresses = values(second) { $0[1] as NSString }
        storage.urlAddresses = values(first) { $0[2] as NSString }
        storage.postalAddresses = values(second) { strings in
            var fields = CNPostalAddress.Fields()
            for ((key, _), value) in zip(fields.keyedValues, strings) {
                _ = fields.setValue(value, forKey: key)
            }
            return CNPostalAddress(fields: fields)
        }
        storage.contactRelations = values(first) { CNContactRelation(name: $0[3]) }
        storage.socialProfiles = values(second) {
            CNSocialProfile(urlString: $0[4], username: $0[5], userIdentifier: $0[6], service: $0[7])
        }
        storage.instantMessageAddresses = values(first) { CNInstantMessageAddress(username: $0[5], service: $0[6]) }
        storage.dates = values(second) { _ in ModelSamples.anniversary() }
        return storage
    }
}
