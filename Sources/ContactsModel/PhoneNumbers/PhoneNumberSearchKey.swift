/// The normalized forms of a phone number that the store indexes to find contacts by number.
///
/// The store keeps, for each saved number, its ``reversedSuffix`` in an index. To find the contacts
/// with a number, it makes the key of the number searched for, then reads the rows whose
/// ``reversedSuffix`` starts with the searched key's, or is a prefix of it (for saved numbers shorter
/// than the suffix), and confirms each candidate with ``PhoneNumberMatcher`` (keeping `exact`, `nsn` and
/// `shortNSN`). Reversing the digits turns "ends with" into "starts with", which a B-tree index
/// answers with a range scan; the matcher then removes the false candidates, such as numbers in other
/// countries that end with the same seven digits.
///
/// ```swift
/// let key = PhoneNumberSearchKey.make("+64 3 331-6005", defaultRegion: "US")
/// key?.normalized        // "+6433316005"
/// key?.reversedSuffix    // "5006133"
/// PhoneNumberSearchKey.make("331 6005", defaultRegion: "NZ")?.reversedSuffix   // "5006133"
/// ```
package struct PhoneNumberSearchKey: Hashable, Sendable {
    /// The number of trailing digits in ``reversedSuffix``: local numbers have at least seven digits in
    /// most countries, so seven digits still find a number saved with its area code.
    package static let suffixLength = 7

    /// The number in E.164 form ("+6433316005") when its calling code is known, else its digits.
    package let normalized: String
    /// The country calling code, or nil when the number has none and no default region was given.
    package let countryCode: Int?
    /// The national significant number as ASCII digits, without prefixes or extension.
    package let nationalNumber: String
    /// The last ``suffixLength`` digits of the national significant number (all of them when it is
    /// shorter), in reverse order: "5006133" for "33316005".
    package let reversedSuffix: String

    /// Makes the search key of a number as typed.
    ///
    /// - Parameters:
    ///   - number: the number, in any format ``PhoneNumberParser`` reads.
    ///   - defaultRegion: the ISO region for numbers written without "+", usually
    ///     `CNContactsUserDefaults.shared().countryCode`; nil to assume none.
    ///   - metadata: the dialling rules; the bundled table by default.
    /// - Returns: the key, or nil when the text is not a phone number (the matcher would answer
    ///   `.notANumber` for it, so indexing it could never find a contact).
    package static func make(
        _ number: String, defaultRegion: String?, metadata: PhoneMetadata = .shared
    ) -> PhoneNumberSearchKey? {
        guard let parsed = PhoneNumberParser(metadata: metadata).parse(number, defaultRegion: defaultRegion) else {
            return nil
        }
        return PhoneNumberSearchKey(parsed)
    }

    /// Makes the search key of a parsed number.
    package init(_ number: ParsedPhoneNumber) {
        self.countryCode = number.countryCode
        self.nationalNumber = number.nationalNumber
        self.normalized = number.e164 ?? number.nationalNumber
        // The national number holds ASCII digits only, so reversing its bytes reverses its characters.
        self.reversedSuffix = String(
            decoding: number.nationalNumber.utf8.suffix(Self.suffixLength).reversed(), as: UTF8.self)
    }
}
