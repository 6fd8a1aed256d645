import ContactsModel
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsEngine

/// Structured values keep their other fields in one `detail` column; every field reads back as it was,
/// the separator itself included, and rows stored before the JSON form read as they always did.
@Suite struct LabeledValueRowTests {
    private static let awkwardFields: [TextSample] = [
        "plain", "unit\u{1F}separator", "\u{1F}", "\u{1F}\u{1F}", "[\"json\", \"like\"]", "nul\u{0}and\u{1F}unit",
        "quote \" backslash \\ and \\u001f", "",
    ]

    private static func readBack(_ storage: ContactStorage, _ property: ContactProperty) -> ContactStorage {
        var lists = LabeledValueLists()
        for row in LabeledValueRow.rows(of: property, in: storage) {
            row.append(to: &lists)
        }
        var read = ContactStorage(identifier: storage.identifier, fetchedKeys: .all)
        read.phoneNumbers = lists.phoneNumbers
        read.emailAddresses = lists.emailAddresses
        read.postalAddresses = lists.postalAddresses
        read.dates = lists.dates
        read.urlAddresses = lists.urlAddresses
        read.contactRelations = lists.contactRelations
        read.socialProfiles = lists.socialProfiles
        read.instantMessageAddresses = lists.instantMessageAddresses
        return read
    }

    @Test(arguments: awkwardFields)
    func postalAddressFieldsReadBackWhatever(sample: TextSample) throws {
        let address = CNMutablePostalAddress()
        address.street = "1 Main Street"
        address.subLocality = sample.text
        address.city = "Springfield"
        address.postalCode = sample.text
        address.isoCountryCode = sample.text
        var storage = ContactStorage(identifier: "A", fetchedKeys: .all)
        storage.postalAddresses = [
            CNLabeledValue(label: CNLabelHome, value: address.copy() as? CNPostalAddress ?? CNPostalAddress())
        ]
        let read = try #require(Self.readBack(storage, .postalAddresses).postalAddresses.first?.value)
        let fields = [
            read.street, read.subLocality, read.city, read.subAdministrativeArea, read.state, read.postalCode,
            read.country, read.isoCountryCode,
        ]
        let expected = ["1 Main Street", sample.text, "Springfield", "", "", sample.text, "", sample.text]
        let exact = fields.count == expected.count && zip(fields, expected).allSatisfy { TextSamples.isExact($0, $1) }
        #expect(exact, "\(fields.map(TextSamples.escaped))")
    }

    @Test(arguments: awkwardFields)
    func socialProfileFieldsReadBackWhatever(sample: TextSample) throws {
        var storage = ContactStorage(identifier: "A", fetchedKeys: .all)
        let profile = CNSocialProfile(
            urlString: sample.text, username: sample.text, userIdentifier: "42", service: sample.text)
        storage.socialProfiles = [CNLabeledValue(label: nil, value: profile)]
        let read = try #require(Self.readBack(storage, .socialProfiles).socialProfiles.first?.value)
        let fields = [read.urlString, read.username, read.userIdentifier, read.service]
        let exact = zip(fields, [sample.text, sample.text, "42", sample.text]).allSatisfy {
            TextSamples.isExact($0, $1)
        }
        #expect(exact, "\(fields.map(TextSamples.escaped))")
    }

    /// Fields without U+001F are joined by it, as every stored row before the JSON form was.
    @Test func fieldsWithoutTheSeparatorAreJoinedByIt() {
        #expect(LabeledValueRow.joinedDetail(["a", "", "[b]"]) == "a\u{1F}\u{1F}[b]")
        #expect(LabeledValueRow.detailFields("a\u{1F}\u{1F}[b]") == ["a", "", "[b]"])
        #expect(LabeledValueRow.joinedDetail(["a\u{1F}b", "c"]) == #"["a\u001fb","c"]"#)
    }

    /// A stored row of the old form that happens to look like JSON still holds separators, so it is split.
    @Test func oldRowsThatLookLikeJSONAreStillSplit() {
        #expect(LabeledValueRow.detailFields("[\"x\"]\u{1F}\u{1F}") == ["[\"x\"]", "", ""])
    }
}
