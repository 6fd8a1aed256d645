import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct KeyDescriptorTests {
    @Test func stringsAndNSStringsAreDescriptors() {
        let descriptors: [any CNKeyDescriptor] = [
            CNContactGivenNameKey as CNKeyDescriptor,
            CNContactFamilyNameKey as NSString,
            CNContactNoteKey,
        ]
        #expect(
            KeyDescriptorExpansion.keys(of: descriptors) == [
                CNContactGivenNameKey, CNContactFamilyNameKey, CNContactNoteKey,
            ])
    }

    @Test func aggregatesExpandRecursively() {
        let names = AggregateKeyDescriptor(name: "names", keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        let outer = AggregateKeyDescriptor(name: "outer", descriptors: [names, CNContactNoteKey as NSString])
        #expect(outer.keys == [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactNoteKey])
        #expect(KeyDescriptorExpansion.properties(of: [outer]) == ContactKeySet([.givenName, .familyName, .note]))
    }

    @Test func unknownKeysAreReportedSeparately() {
        let descriptors: [any CNKeyDescriptor] = [CNContactGivenNameKey, "street", "bogus"]
        #expect(KeyDescriptorExpansion.unknownKeys(of: descriptors) == ["bogus", "street"])
        #expect(KeyDescriptorExpansion.properties(of: descriptors) == ContactKeySet(.givenName))
    }

    @Test func foreignConformancesAreIgnored() {
        #expect(KeyDescriptorExpansion.keys(of: [ForeignDescriptor()]).isEmpty)
    }

    @Test func aggregateEqualityComparesExpandedKeys() {
        let first = AggregateKeyDescriptor(name: "a", keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        let second = AggregateKeyDescriptor(
            name: "b",
            descriptors: [
                CNContactFamilyNameKey as NSString, AggregateKeyDescriptor(name: "c", keys: [CNContactGivenNameKey]),
            ]
        )
        let other = AggregateKeyDescriptor(name: "a", keys: [CNContactGivenNameKey])
        #expect(LawChecks.equalityViolations(equal: [first, second], different: [other]) == [])
        #expect(LawChecks.copyViolations(of: first) == [])
    }

    @Test func aggregateDescriptionListsKeysAndName() {
        let descriptor = AggregateKeyDescriptor(name: "CNContactFormatter.fullName", keys: [CNContactGivenNameKey])
        #expect(descriptor.description.contains("CNContactFormatter.fullName"))
        #expect(descriptor.description.contains(CNContactGivenNameKey))
    }

    @Test func fetchRequestsAcceptEveryKindOfDescriptor() {
        let request = CNContactFetchRequest(keysToFetch: [
            CNContactGivenNameKey as CNKeyDescriptor,
            CNContactFamilyNameKey as NSString,
            AggregateKeyDescriptor(name: "n", keys: [CNContactNoteKey]),
        ])
        #expect(
            KeyDescriptorExpansion.properties(of: request.keysToFetch)
                == ContactKeySet([.givenName, .familyName, .note]))
        #expect(request.description.contains(CNContactNoteKey))
    }

    @Test func keySetOperationsFollowTheProperties() {
        let set = ContactKeySet([.givenName, .phoneNumbers])
        #expect(set.properties == [.givenName, .phoneNumbers])
        #expect(set.keys == [CNContactGivenNameKey, CNContactPhoneNumbersKey])
        #expect(set.contains(.givenName))
        #expect(!set.contains(.familyName))
        #expect(ContactKeySet.all.properties == ContactProperty.allCases)
    }
}

/// The expansion a fetch uses (``KeyDescriptorExpansion/properties(of:)``) looks keys up by length and first
/// byte and reads aggregates' properties expanded when they were made; these hold it to the plain expansion of
/// the key strings (``KeyDescriptorExpansion/keys(of:)``) looked up in a dictionary of every key.
@Suite struct KeyDescriptorPropertyExpansionTests {
    private static let propertyByKey = Dictionary(uniqueKeysWithValues: ContactProperty.allCases.map { ($0.key, $0) })

    /// What the descriptors name, by the plain route.
    private static func expected(_ descriptors: [any CNKeyDescriptor]) -> ContactKeySet {
        ContactKeySet(KeyDescriptorExpansion.keys(of: descriptors).compactMap { propertyByKey[$0] })
    }

    @Test(arguments: ContactProperty.allCases)
    func everyKeyExpandsToItsPropertyHoweverItIsPassed(property: ContactProperty) {
        // The constant itself, a copy built from its bytes (equal, not the same bits), and an NSString.
        let copy = String(decoding: Array(property.key.utf8), as: UTF8.self)
        for descriptor: any CNKeyDescriptor in [property.key, copy, property.key as NSString] {
            #expect(KeyDescriptorExpansion.properties(of: [descriptor]) == ContactKeySet(property))
        }
        #expect(ContactProperty(key: copy) == property)
    }

    @Test(arguments: [
        "", "g", "givenNamf", "GivenName", "givenName ", " givenName", "givenName\u{0}", "givénName", "namePrefiy",
        "nameSuffiy", "phoneticMiddleNamf", "previousFamilyNamf", "phoneticFamilyNamf", "identifieR",
        "instantMessageAddressesAndMore", String(repeating: "a", count: 100), "street", "CNContactGivenNameKey",
    ])
    func stringsThatOnlyResembleKeysNameNothing(string: String) {
        #expect(ContactProperty(key: string) == nil)
        #expect(KeyDescriptorExpansion.properties(of: [string]).isEmpty)
        #expect(KeyDescriptorExpansion.properties(of: [string as NSString]).isEmpty)
    }

    @Test func mixedArraysExpandAsTheirKeys() {
        var generator = SeededRandomNumberGenerator(seed: 17)
        let keys = ContactProperty.allCases.map(\.key)
        let strangers = ["street", "bogus", "givenNamf", "", "CNGroupNameKey"]
        func randomDescriptor(depth: Int) -> any CNKeyDescriptor {
            switch Int.random(in: 0..<(depth < 2 ? 6 : 4), using: &generator) {
            case 0, 1: return keys.randomElement(using: &generator) ?? ""
            case 2: return (keys.randomElement(using: &generator) ?? "") as NSString
            case 3:
                return Bool.random(using: &generator)
                    ? (strangers.randomElement(using: &generator) ?? "") : ForeignDescriptor()
            default:
                let inner = (0..<Int.random(in: 0...5, using: &generator)).map { _ in randomDescriptor(depth: depth + 1)
                }
                return AggregateKeyDescriptor(name: "random", descriptors: inner)
            }
        }
        for _ in 0..<500 {
            let descriptors = (0..<Int.random(in: 0...30, using: &generator)).map { _ in randomDescriptor(depth: 0) }
            #expect(KeyDescriptorExpansion.properties(of: descriptors) == Self.expected(descriptors))
        }
    }

    @Test func anAggregateCarriesThePropertiesOfItsKeys() throws {
        let inner = AggregateKeyDescriptor(name: "inner", keys: [CNContactGivenNameKey, "street"])
        let outer = AggregateKeyDescriptor(
            name: "outer",
            descriptors: [inner, CNContactNoteKey as NSString, CNContactPhoneNumbersKey, ForeignDescriptor()]
        )
        #expect(outer.contactProperties == ContactKeySet([.givenName, .note, .phoneNumbers]))
        #expect(outer.contactProperties == Self.expected([outer]))
        // A decoded aggregate keeps its keys, and expands them again.
        let data = try NSKeyedArchiver.archivedData(withRootObject: outer, requiringSecureCoding: true)
        let decoded = try #require(
            try NSKeyedUnarchiver.unarchivedObject(ofClass: AggregateKeyDescriptor.self, from: data))
        #expect(decoded.contactProperties == outer.contactProperties)
        #expect(
            KeyDescriptorExpansion.properties(of: [decoded, CNContactFamilyNameKey])
                == ContactKeySet([.givenName, .note, .phoneNumbers, .familyName]))
    }
}

/// A conformance outside the framework, which Apple reserves for itself.
private struct ForeignDescriptor: CNKeyDescriptor {}
