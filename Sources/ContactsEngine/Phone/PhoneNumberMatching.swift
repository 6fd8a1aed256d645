import Foundation

/// How the store indexes and compares phone numbers for `predicateForContacts(matching:)`.
///
/// The store keeps, per stored number, an index key: the number's digits reversed, so numbers that end
/// alike share a key prefix and a lookup is one index range. A query reads the candidates whose key starts
/// with ``lookupPrefix(for:)`` and keeps those ``matches(_:_:)`` confirms.
///
/// Stores use ``RegionalPhoneNumberMatcher``, the model's libphonenumber-style matching.
package protocol PhoneNumberMatching: Sendable {
    /// The index key of a stored number, or nil when the number has too few digits to be found.
    func indexKey(for number: String) -> String?
    /// The key prefix that every candidate for a query shares, or nil when the query can match nothing.
    func lookupPrefix(for query: String) -> String?
    /// Whether a stored number matches a query.
    func matches(_ stored: String, _ query: String) -> Bool
}

/// A minimal matcher on digit suffixes, without dialling rules; unified contacts use its digit folding.
///
/// Two numbers match when their digits are equal, or when they share at least seven trailing digits and
/// the shorter one's other digits are only national trunk prefix zeros ("06 12 34 56 78" matches
/// "+33 6 12 34 56 78"; "555 0100" matches "+1 408 555 0100").
package struct DigitSuffixPhoneMatcher: PhoneNumberMatching {
    /// The fewest trailing digits that identify a number across formats.
    package static let significantDigits = 7

    package init() {}

    package func indexKey(for number: String) -> String? {
        let digits = Self.digits(of: number)
        return digits.count >= 3 ? String(digits.reversed()) : nil
    }

    package func lookupPrefix(for query: String) -> String? {
        let digits = Self.digits(of: query)
        guard digits.count >= 3 else { return nil }
        return String(digits.reversed().prefix(Self.significantDigits))
    }

    package func matches(_ stored: String, _ query: String) -> Bool {
        let left = Array(Self.digits(of: stored).utf8)
        let right = Array(Self.digits(of: query).utf8)
        if left == right { return left.count >= 3 }
        var common = 0
        while common < min(left.count, right.count), left[left.count - 1 - common] == right[right.count - 1 - common] {
            common += 1
        }
        guard common >= Self.significantDigits else { return false }
        let shorter = left.count <= right.count ? left : right
        return shorter.dropLast(common).allSatisfy { $0 == UInt8(ascii: "0") }
    }

    /// The ASCII digits of a number, any other character dropped.
    package static func digits(of number: String) -> String {
        if number.utf8.allSatisfy({ $0 < 0x80 }) {
            // The common case, and much cheaper than walking characters.
            return String(
                decoding: number.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }, as: UTF8.self)
        }
        var result = ""
        for character in number {
            if let digit = character.wholeNumberValue, character.isNumber, digit < 10 {
                result.append(Character(String(digit)))
            }
        }
        return result
    }
}
