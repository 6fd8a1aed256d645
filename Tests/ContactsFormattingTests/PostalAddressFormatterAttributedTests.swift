import ContactsFormatting
import ContactsModel
import Foundation
import Testing

/// The postal key and localized name on each attributed range, with the text it covers.
func postalRuns(_ text: NSAttributedString) -> [(key: String?, name: String?, text: String)] {
    var runs: [(key: String?, name: String?, text: String)] = []
    let whole = NSRange(location: 0, length: text.length)
    let keyAttribute = NSAttributedString.Key(CNPostalAddressPropertyAttribute)
    let nameAttribute = NSAttributedString.Key(CNPostalAddressLocalizedPropertyNameAttribute)
    text.enumerateAttributes(in: whole) { attributes, range, _ in
        runs.append(
            (
                attributes[keyAttribute] as? String, attributes[nameAttribute] as? String,
                text.attributedSubstring(from: range).string
            ))
    }
    return runs
}

@Suite struct PostalAddressFormatterAttributedTests {
    @Test func eachFieldCarriesItsKeyAndLocalizedName() {
        let text = addressFormatter(region: "FR").attributedString(from: applePark, withDefaultAttributes: [:])
        #expect(text.string == "One Apple Park Way\nCupertino CA 95014\nUnited States")
        let runs = postalRuns(text).filter { $0.key != nil }
        #expect(
            runs.map(\.key) == [
                CNPostalAddressStreetKey, CNPostalAddressCityKey, CNPostalAddressStateKey, CNPostalAddressPostalCodeKey,
                CNPostalAddressCountryKey,
            ])
        #expect(runs.map(\.text) == ["One Apple Park Way", "Cupertino", "CA", "95014", "United States"])
        #expect(runs.map(\.name) == ["street", "city", "state", "ZIP", "country"])
    }

    @Test func separatorsCarryNoPostalKey() {
        let text = addressFormatter().attributedString(from: applePark)
        let separators = postalRuns(text).filter { $0.key == nil }.map(\.text)
        #expect(separators == ["\n", " ", " "])
    }

    @Test func localizedNamesFollowTheLanguageAndTheAddressRegion() {
        let london = postalAddress(
            street: "10 Downing St", city: "London", postalCode: "SW1A 2AA", isoCountryCode: "GB")
        let english = postalRuns(addressFormatter(region: "GB", locale: "en_GB").attributedString(from: london))
        #expect(english.compactMap(\.name) == ["street", "town/city", "postcode"])
        let spanish = postalRuns(addressFormatter(region: "ES", locale: "es_ES").attributedString(from: london))
        #expect(spanish.compactMap(\.name).first == "calle")
    }

    @Test func defaultAttributesCoverTheWholeAddress() {
        let text = CNPostalAddressFormatter.attributedString(
            from: applePark,
            style: .mailingAddress,
            withDefaultAttributes: ["test.font": "Body"]
        )
        var range = NSRange()
        #expect(
            text.attribute(
                NSAttributedString.Key("test.font"), at: 0, longestEffectiveRange: &range,
                in: NSRange(location: 0, length: text.length)) as? String == "Body")
        #expect(range == NSRange(location: 0, length: text.length))
    }

    @Test func subAdministrativeAreaInTheStatesPlaceCarriesItsOwnKey() {
        let address = postalAddress(city: "Springfield", subAdministrativeArea: "Sangamon", isoCountryCode: "US")
        let keys = postalRuns(addressFormatter().attributedString(from: address)).compactMap(\.key)
        #expect(keys == [CNPostalAddressCityKey, CNPostalAddressSubAdministrativeAreaKey])
    }
}
