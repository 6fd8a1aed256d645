import ContactsFormatting
import ContactsModel
import Foundation
import Testing

/// Builds a postal address from its fields.
func postalAddress(
    street: String = "",
    subLocality: String = "",
    city: String = "",
    subAdministrativeArea: String = "",
    state: String = "",
    postalCode: String = "",
    country: String = "",
    isoCountryCode: String = ""
) -> CNMutablePostalAddress {
    let address = CNMutablePostalAddress()
    address.street = street
    address.subLocality = subLocality
    address.city = city
    address.subAdministrativeArea = subAdministrativeArea
    address.state = state
    address.postalCode = postalCode
    address.country = country
    address.isoCountryCode = isoCountryCode
    return address
}

/// A formatter for a person in a region, independent of the person running the tests.
func addressFormatter(region: String = "US", locale: String = "en_US") -> CNPostalAddressFormatter {
    CNPostalAddressFormatter(settings: UserSettings(localeIdentifier: locale, countryCode: region))
}

let applePark = postalAddress(
    street: "One Apple Park Way",
    city: "Cupertino",
    state: "CA",
    postalCode: "95014",
    country: "United States",
    isoCountryCode: "us"
)

@Suite struct PostalAddressFormatterTests {
    @Test func applePrintsCityStateAndZipOnOneLineWithoutCountryAtHome() {
        #expect(addressFormatter(region: "US").string(from: applePark) == "One Apple Park Way\nCupertino CA 95014")
    }

    @Test func countryLineIsPrintedForAddressesOutsideThePersonsRegion() {
        #expect(
            addressFormatter(region: "FR").string(from: applePark)
                == "One Apple Park Way\nCupertino CA 95014\nUnited States"
        )
    }

    @Test func countryLineUsesTheRegionNameWhenTheCountryFieldIsEmpty() {
        let address = postalAddress(
            street: "Unter den Linden 1", city: "Berlin", postalCode: "10117", isoCountryCode: "de")
        #expect(addressFormatter(region: "US").string(from: address) == "Unter den Linden 1\n10117 Berlin\nGermany")
        #expect(addressFormatter(region: "DE").string(from: address) == "Unter den Linden 1\n10117 Berlin")
    }

    @Test func emptyFieldsAndTheirSeparatorsAreDropped() {
        let noState = postalAddress(street: "1 Main St", city: "Springfield", postalCode: "12345", isoCountryCode: "US")
        #expect(addressFormatter().string(from: noState) == "1 Main St\nSpringfield 12345")
        let onlyZip = postalAddress(postalCode: "12345", isoCountryCode: "US")
        #expect(addressFormatter().string(from: onlyZip) == "12345")
        #expect(addressFormatter().string(from: CNPostalAddress()) == "")
    }

    @Test func multiLineStreetKeepsItsLines() {
        let address = postalAddress(street: "Apt 4\n1 Main St", city: "Springfield", state: "IL", isoCountryCode: "US")
        #expect(addressFormatter().string(from: address) == "Apt 4\n1 Main St\nSpringfield IL")
    }

    @Test func regionComesFromTheCountryNameWhenTheCodeIsMissing() {
        let german = postalAddress(
            street: "Hauptstraße 5", city: "München", postalCode: "80331", country: "Deutschland")
        #expect(addressFormatter(region: "US").string(from: german) == "Hauptstraße 5\n80331 München\nDeutschland")
        let french = postalAddress(street: "1 rue de Rivoli", city: "Paris", postalCode: "75001", country: "France")
        #expect(addressFormatter(region: "FR").string(from: french) == "1 rue de Rivoli\n75001 Paris")
        let japaneseName = postalAddress(street: "Hauptstraße 5", city: "München", postalCode: "80331", country: "ドイツ")
        #expect(addressFormatter(region: "DE").string(from: japaneseName) == "Hauptstraße 5\n80331 München")
        let spanishName = postalAddress(
            street: "5th Ave", city: "New York", state: "NY", postalCode: "10001", country: "Estados Unidos")
        #expect(addressFormatter(region: "US").string(from: spanishName) == "5th Ave\nNew York NY 10001")
    }

    @Test func regionIsThePersonsWhenTheAddressNamesNoCountry() {
        let address = postalAddress(street: "Hauptstraße 5", city: "München", state: "Bayern", postalCode: "80331")
        #expect(addressFormatter(region: "DE").string(from: address) == "Hauptstraße 5\n80331 München")
        #expect(addressFormatter(region: "US").string(from: address) == "Hauptstraße 5\nMünchen Bayern 80331")
    }

    @Test func unknownCountryIsPrintedWithTheDefaultLayout() {
        let address = postalAddress(street: "1 Castle Rd", city: "Cair Paravel", postalCode: "N1", country: "Narnia")
        #expect(addressFormatter().string(from: address) == "1 Castle Rd\nCair Paravel N1\nNarnia")
    }

    @Test func localScriptAddressUsesTheLocalOrderWithTheCountryFirst() {
        let tokyo = postalAddress(
            street: "千代田1-1", city: "千代田区", state: "東京都", postalCode: "100-0001", country: "日本", isoCountryCode: "jp"
        )
        #expect(addressFormatter(region: "JP").string(from: tokyo) == "〒100-0001\n東京都千代田区\n千代田1-1")
        #expect(addressFormatter(region: "US").string(from: tokyo) == "日本\n〒100-0001\n東京都千代田区\n千代田1-1")
    }

    @Test func latinScriptAddressUsesTheLatinOrder() {
        let tokyo = postalAddress(
            street: "1-1 Chiyoda", city: "Chiyoda-ku", state: "Tokyo", postalCode: "100-0001", isoCountryCode: "JP"
        )
        #expect(addressFormatter(region: "JP").string(from: tokyo) == "1-1 Chiyoda\nChiyoda-ku, Tokyo\n100-0001")
    }

    @Test func stateTakesTheSubAdministrativeAreaWhenEmpty() {
        let address = postalAddress(
            street: "1 Main St", city: "Springfield", subAdministrativeArea: "Sangamon", postalCode: "62701",
            isoCountryCode: "US")
        #expect(addressFormatter().string(from: address) == "1 Main St\nSpringfield Sangamon 62701")
        let both = postalAddress(
            street: "1 Main St", city: "Springfield", subAdministrativeArea: "Sangamon", state: "IL",
            isoCountryCode: "US")
        #expect(addressFormatter().string(from: both) == "1 Main St\nSpringfield IL")
    }

    @Test func nationalPostalPrefixesAndLiteralLinesAreNotPrinted() {
        let zurich = postalAddress(street: "Bahnhofstrasse 1", city: "Zürich", postalCode: "8001", isoCountryCode: "CH")
        #expect(addressFormatter(region: "CH").string(from: zurich) == "Bahnhofstrasse 1\n8001 Zürich")
        let jersey = postalAddress(street: "1 Royal Sq", city: "St Helier", postalCode: "JE2 4WA", isoCountryCode: "JE")
        #expect(addressFormatter(region: "JE").string(from: jersey) == "1 Royal Sq\nSt Helier\nJE2 4WA")
    }

    @Test func nothingIsUpperCased() {
        let london = postalAddress(
            street: "10 Downing St", city: "London", postalCode: "SW1A 2AA", isoCountryCode: "GB")
        #expect(addressFormatter(region: "GB").string(from: london) == "10 Downing St\nLondon\nSW1A 2AA")
    }

    @Test func classMethodsAndStringForAnyFormatAddresses() {
        let text = CNPostalAddressFormatter.string(from: applePark, style: .mailingAddress)
        #expect(text.hasPrefix("One Apple Park Way\nCupertino CA 95014"))
        #expect(addressFormatter().string(for: applePark) == "One Apple Park Way\nCupertino CA 95014")
        #expect(addressFormatter().string(for: 42) == nil)
        #expect(CNPostalAddressFormatter().style == .mailingAddress)
    }

    @Test(arguments: AddressFormatCatalog.shared.regions)
    func everyRegionFormatsEveryField(region: String) throws {
        let address = postalAddress(
            street: "1 Test Street\nBuilding 2",
            subLocality: "Old Town",
            city: "Testville",
            subAdministrativeArea: "Test County",
            state: "Test State",
            postalCode: "12345",
            isoCountryCode: region.lowercased()
        )
        let formats = try #require(AddressFormatCatalog.shared.entries[region])
        let text = addressFormatter(region: region).string(from: address)
        // Every field the region's Latin format places is printed, in the format's order.
        let printed = (formats.latin ?? formats.local).fields.map { field -> String in
            switch field {
            case .street: "1 Test Street\nBuilding 2"
            case .subLocality: "Old Town"
            case .city: "Testville"
            case .state: "Test State"
            case .postalCode: "12345"
            case .name, .organization, .sortingCode: ""
            }
        }
        var remaining = Substring(text)
        for value in printed {
            let range = try #require(remaining.range(of: value), "\(region) lacks a field")
            remaining = remaining[range.upperBound...]
        }
        #expect(!text.contains("Test County"))
        #expect(!text.contains("%"))
        #expect(!text.hasPrefix("\n") && !text.hasSuffix("\n") && !text.contains("\n\n"))
    }

    @Test(arguments: AddressFormatCatalog.shared.regions)
    func everyRegionFormatsLocalScriptAddressesInItsLocalOrder(region: String) throws {
        let address = postalAddress(
            street: "一号街",
            subLocality: "旧区",
            city: "测试市",
            state: "测试省",
            postalCode: "12345",
            isoCountryCode: region
        )
        let formats = try #require(AddressFormatCatalog.shared.entries[region])
        let text = addressFormatter(region: region).string(from: address)
        let values: [AddressFormat.Field: String] = [
            .street: "一号街", .subLocality: "旧区", .city: "测试市", .state: "测试省", .postalCode: "12345",
        ]
        var remaining = Substring(text)
        for field in formats.local.fields {
            let value = try #require(values[field])
            let range = try #require(remaining.range(of: value), "\(region) lacks \(field)")
            remaining = remaining[range.upperBound...]
        }
        #expect(!text.isEmpty)
    }
}
