import Foundation

/// Finds the region a phone number belongs to.
package enum PhoneNumberRegion {
    /// The ISO region of a number: from its country calling code when it is international, otherwise the
    /// default region of the person's settings.
    package static func region(ofNumber number: String) -> String {
        region(ofNumber: number, defaultRegion: CNContactsUserDefaults.shared().countryCode)
    }

    /// The ISO region of a number, upper case.
    ///
    /// A number that starts with "+", or with the default region's international prefix ("011 44 …" in
    /// the US), belongs to the main region of its calling code: "+1 408 …" is "US" (not Canada or a
    /// Caribbean member of +1), "+44 …" is "GB" and "+33 …" is "FR". Any other number, including one that
    /// cannot be read and one with a non-geographic code such as the freephone +800 (region "001", which
    /// is not an ISO 3166-1 code), belongs to the default region.
    ///
    /// - Parameters:
    ///   - number: the number as typed.
    ///   - defaultRegion: the region of numbers without a country calling code, such as "FR".
    ///   - metadata: the dialling rules; the bundled table by default.
    /// - Returns: the region of the calling code, or `defaultRegion`.
    package static func region(
        ofNumber number: String, defaultRegion: String, metadata: PhoneMetadata = .shared
    ) -> String {
        guard let parsed = PhoneNumberParser(metadata: metadata).parse(number, defaultRegion: defaultRegion),
            parsed.isCountryCodeFromNumber, let code = parsed.countryCode,
            let territory = metadata.mainTerritory(forCallingCode: code), territory.isGeographic
        else { return defaultRegion }
        return territory.region
    }
}
