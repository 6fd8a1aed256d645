import ContactsModel
import Foundation

/// Matches phone numbers as libphonenumber does (exact, national number, or short national number), in
/// the person's region.
///
/// The index key is the number's ``PhoneNumberSearchKey/reversedSuffix``: the last seven digits of the
/// national significant number, reversed, so "ends with" becomes an index range. A query keeps the
/// candidates ``PhoneNumberMatcher`` confirms, comparing the numbers first as written (a number without a
/// calling code takes the other's, so "06 12 34 56 78" finds "+33 6 12 34 56 78" in any region) and then
/// both read in the person's region. A short-number match needs at least seven digits in the query: a few
/// trailing digits alone identify nobody.
///
/// A number that does not parse in the region (for the US, "011 3797 4598" reads as an international number with
/// no such country) is still the person's data: it is indexed by its written digits and found by a query with
/// the same digits, rather than left out of the index where no query could ever find it.
package struct RegionalPhoneNumberMatcher: PhoneNumberMatching {
    /// The region of numbers written without a country calling code.
    package let defaultRegion: String
    /// The region's dialling rules, found once: an import makes the key of every number it saves, and finding
    /// the territory by its name each time cost a fifth of a key.
    private let territory: PhoneTerritory?

    /// Creates a matcher for numbers written in a region, by default the person's.
    package init(defaultRegion: String = CNContactsUserDefaults.shared().countryCode) {
        self.defaultRegion = defaultRegion
        self.territory = PhoneMetadata.shared.territory(forRegion: defaultRegion)
    }

    package func indexKey(for number: String) -> String? {
        PhoneNumberSearchKey.make(number, territory: territory)?.reversedSuffix ?? Self.writtenDigitsKey(number)
    }

    package func lookupPrefix(for query: String) -> String? {
        PhoneNumberSearchKey.make(query, territory: territory)?.reversedSuffix ?? Self.writtenDigitsKey(query)
    }

    package func matches(_ stored: String, _ query: String) -> Bool {
        var result = PhoneNumberMatcher.match(stored, query, defaultRegion: nil)
        if !result.isMatch {
            result = PhoneNumberMatcher.match(stored, query, defaultRegion: defaultRegion)
        }
        if !result.isMatch, Self.writtenDigitsKey(stored) != nil,
            PhoneNumberSearchKey.make(stored, defaultRegion: defaultRegion) == nil
                || PhoneNumberSearchKey.make(query, defaultRegion: defaultRegion) == nil
        {
            // A number the region's rules cannot read matches the same digits written another way only.
            return DigitSuffixPhoneMatcher.digits(of: stored) == DigitSuffixPhoneMatcher.digits(of: query)
        }
        guard result == .shortNSN else { return result.isMatch }
        // A short-number match must rest on enough digits to identify someone.
        guard let key = PhoneNumberSearchKey.make(query, defaultRegion: defaultRegion) else { return false }
        return key.nationalNumber.utf8.count >= PhoneNumberSearchKey.suffixLength
    }

    /// The key of a number the region's rules cannot read: its last seven written digits, reversed, as for a
    /// parsed number's national number; nil below three digits ("Dog", "4"), which identify nobody.
    private static func writtenDigitsKey(_ number: String) -> String? {
        let digits = DigitSuffixPhoneMatcher.digits(of: number)
        guard digits.utf8.count >= 3 else { return nil }
        return PhoneNumberSearchKey.reversedSuffix(ofDigits: digits)
    }
}
