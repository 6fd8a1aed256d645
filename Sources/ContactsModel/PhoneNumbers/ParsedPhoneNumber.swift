/// A phone number reduced to what identifies it: country calling code, national significant number and
/// extension.
///
/// Formatting, national prefixes and international dialling prefixes are gone, so two ways of writing the
/// same number give equal values: "+64 3-331 6005", "+64 03 331 6005" and "03 331 6005" read in New
/// Zealand all have the national significant number "33316005".
///
/// ```swift
/// let number = ParsedPhoneNumber("+64 3 331-6005 ext. 12")
/// number?.countryCode          // 64
/// number?.nationalNumber       // "33316005"
/// number?.extension            // "12"
/// ```
package struct ParsedPhoneNumber: Hashable, Sendable {
    /// Where the country calling code of a number came from.
    package enum CountryCodeSource: Hashable, Sendable {
        /// The number starts with "+", as in "+64 3 331 6005".
        case plusSign
        /// The number starts with the default region's international prefix, as "011 64 3 331 6005" in the US.
        case internationalPrefix
        /// The number starts with the default region's own code and no "+", as "1 650 253 0000" in the US.
        /// The digits could equally be a national prefix, so the code does not come from the number for
        /// matching purposes.
        case numberWithoutPlusSign
        /// The number has no code, so it takes the default region's, as "03 331 6005" in New Zealand.
        case defaultRegion
    }

    /// The country calling code, such as 64; nil when the number has none and was read without a region.
    package let countryCode: Int?
    /// Where ``countryCode`` came from; nil exactly when ``countryCode`` is nil.
    package let countryCodeSource: CountryCodeSource?
    /// The national significant number as ASCII digits, without national prefix. Leading zeros that belong
    /// to the number, as in Italy ("+39 02 1234 5678"), are kept.
    package let nationalNumber: String
    /// The extension as ASCII digits, or nil when there is none; never empty.
    package let `extension`: String?

    /// Creates a number from its parts; a source without a code, or a code without a source, is dropped.
    package init(countryCode: (value: Int, source: CountryCodeSource)?, nationalNumber: String, extension: String?) {
        self.countryCode = countryCode?.value
        self.countryCodeSource = countryCode?.source
        self.nationalNumber = nationalNumber
        self.extension = `extension`.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads a number as a person typed it; nil when the text is not a phone number.
    ///
    /// See ``PhoneNumberParser/parse(_:defaultRegion:)`` for what the parser accepts.
    ///
    /// - Parameters:
    ///   - text: the number, such as "+64 3 331 6005", "(650) 253-0000 x12" or "tel:+64-3-331-6005".
    ///   - defaultRegion: the ISO region whose dialling rules apply to numbers without "+"; nil to read
    ///     them without a country code.
    package init?(_ text: String, defaultRegion: String? = nil, metadata: PhoneMetadata = .shared) {
        guard let number = PhoneNumberParser(metadata: metadata).parse(text, defaultRegion: defaultRegion) else {
            return nil
        }
        self = number
    }

    /// True when the country calling code was written in the number, with "+" or an international prefix,
    /// rather than assumed from a region. Only such numbers can match exactly.
    package var isCountryCodeFromNumber: Bool {
        countryCodeSource == .plusSign || countryCodeSource == .internationalPrefix
    }

    /// True when the national significant number starts with a zero that is part of it, as in Italy,
    /// where "+39 02 1234 5678" keeps its "0". libphonenumber calls this the Italian leading zero.
    package var hasItalianLeadingZero: Bool {
        nationalNumber.utf8.count > 1 && nationalNumber.utf8.first == UInt8(ascii: "0")
    }

    /// The number of zeros the national significant number starts with; 0 without an Italian leading zero.
    package var numberOfLeadingZeros: Int {
        guard hasItalianLeadingZero else { return 0 }
        return nationalNumber.utf8.prefix { $0 == UInt8(ascii: "0") }.count
    }

    /// The number in E.164 form, such as "+6433316005", or nil without a country calling code.
    package var e164: String? {
        countryCode.map { "+\($0)\(nationalNumber)" }
    }
}
