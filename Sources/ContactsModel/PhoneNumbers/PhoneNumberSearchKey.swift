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
    ///
    /// Computed when asked for: the store's index needs only ``reversedSuffix``, and formatting the E.164 text
    /// for every number an import saves cost more than the rest of the key.
    package var normalized: String {
        countryCode.map { "+\($0)\(nationalNumber)" } ?? nationalNumber
    }
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

    /// Makes the search key of a number as typed, read with a territory's dialling rules: the same key as
    /// ``make(_:defaultRegion:metadata:)`` with that territory's region, without finding the territory again
    /// for every number.
    ///
    /// - Parameters:
    ///   - number: the number, in any format ``PhoneNumberParser`` reads.
    ///   - territory: the territory of numbers written without "+", from `metadata`; nil to assume none.
    ///   - metadata: the dialling rules the territory comes from; the bundled table by default.
    /// - Returns: the key, or nil when the text is not a phone number.
    package static func make(
        _ number: String, territory: PhoneTerritory?, metadata: PhoneMetadata = .shared
    ) -> PhoneNumberSearchKey? {
        PhoneNumberParser(metadata: metadata).parse(number, in: territory).map(PhoneNumberSearchKey.init)
    }

    /// Makes the search key of a parsed number.
    package init(_ number: ParsedPhoneNumber) {
        self.countryCode = number.countryCode
        self.nationalNumber = number.nationalNumber
        self.reversedSuffix = Self.reversedSuffix(ofDigits: number.nationalNumber)
    }

    /// The last ``suffixLength`` bytes of ASCII digits (all of them when there are fewer), in reverse order.
    ///
    /// The digits are ASCII, so reversing their bytes reverses their characters. Writing the bytes straight into
    /// the new string's storage saves the generic decoding of a reversed view, which cost a thousand
    /// instructions a number.
    package static func reversedSuffix(ofDigits digits: String) -> String {
        let suffix = digits.utf8.suffix(suffixLength)
        return String(unsafeUninitializedCapacity: suffix.count) { buffer in
            for (offset, byte) in suffix.reversed().enumerated() { buffer[offset] = byte }
            return suffix.count
        }
    }
}
