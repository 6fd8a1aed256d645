/// Compares phone numbers the way libphonenumber's `isNumberMatch` does, tolerating differences in
/// formatting, national prefixes, missing country calling codes and missing area codes.
///
/// Matching is symmetric: `match(a, b)` and `match(b, a)` always agree.
///
/// ```swift
/// PhoneNumberMatcher.match("+64 3 331 6005", "+64 03 331 6005")   // .exact
/// PhoneNumberMatcher.match("+64 3 331-6005", "03 331 6005")       // .nsn
/// PhoneNumberMatcher.match("+64 3 331-6005", "331 6005")          // .shortNSN
/// PhoneNumberMatcher.match("+64 3 331-6005", "+61 3 331 6005")    // .none
/// PhoneNumberMatcher.match("Dog", "64 3 331 6005")                // .notANumber
/// ```
package enum PhoneNumberMatcher {
    /// Compares two numbers as typed.
    ///
    /// With a default region, both numbers are read in it. Without one, a number without "+" has no
    /// country calling code, and no national prefix is removed from it; when only one of the two numbers
    /// has a code, the other is read again in the main region of that code (so "03 331 6005" next to
    /// "+64 3 331 6005" loses its New Zealand "0"), and an exact match found that way counts as `.nsn`
    /// because the code was assumed.
    ///
    /// - Parameters:
    ///   - first: a number, such as "+64 3 331-6005 ext. 12" or "tel:+64-3-331-6005".
    ///   - second: the number to compare it with.
    ///   - defaultRegion: the ISO region for numbers written without "+", or nil.
    ///   - metadata: the dialling rules; the bundled table by default.
    /// - Returns: how closely the numbers match; `.notANumber` when either text is not a phone number.
    package static func match(
        _ first: String, _ second: String, defaultRegion: String? = nil, metadata: PhoneMetadata = .shared
    ) -> PhoneNumberMatch {
        let parser = PhoneNumberParser(metadata: metadata)
        let region = defaultRegion.flatMap(metadata.territory(forRegion:))
        guard let firstNumber = parser.parse(first, in: region), let secondNumber = parser.parse(second, in: region)
        else { return .notANumber }
        switch (firstNumber.countryCode, secondNumber.countryCode) {
        case (let code?, nil):
            return matchAssumingCallingCode(code, of: firstNumber, with: second, parser: parser)
        case (nil, let code?):
            return matchAssumingCallingCode(code, of: secondNumber, with: first, parser: parser)
        default:
            return match(firstNumber, secondNumber)
        }
    }

    /// Compares two parsed numbers.
    ///
    /// - Returns: `.exact` when calling codes (both written in the numbers), national significant numbers
    ///   and extensions are equal; `.nsn` when the same holds but a calling code is missing or assumed;
    ///   `.shortNSN` when one national significant number ends the other; otherwise `.none`.
    package static func match(_ first: ParsedPhoneNumber, _ second: ParsedPhoneNumber) -> PhoneNumberMatch {
        if let firstExtension = first.extension, let secondExtension = second.extension,
            firstExtension != secondExtension
        {
            return .none
        }
        if let firstCode = first.countryCode, let secondCode = second.countryCode, firstCode != secondCode {
            return .none
        }
        if first.nationalNumber == second.nationalNumber, first.extension == second.extension {
            let isExact = first.countryCode != nil && first.isCountryCodeFromNumber && second.isCountryCodeFromNumber
            return isExact ? .exact : .nsn
        }
        let (shorter, longer) =
            first.nationalNumber.utf8.count <= second.nationalNumber.utf8.count
            ? (first.nationalNumber.utf8, second.nationalNumber.utf8)
            : (second.nationalNumber.utf8, first.nationalNumber.utf8)
        return longer.suffix(shorter.count).elementsEqual(shorter) ? .shortNSN : .none
    }

    /// Reads a number without a calling code again in the main region of the other number's code.
    private static func matchAssumingCallingCode(
        _ code: Int, of number: ParsedPhoneNumber, with otherText: String, parser: PhoneNumberParser
    ) -> PhoneNumberMatch {
        guard let territory = parser.metadata.mainTerritory(forCallingCode: code),
            let other = parser.parse(otherText, in: territory)
        else { return .notANumber }
        let result = match(number, other)
        return result == .exact ? .nsn : result
    }
}
