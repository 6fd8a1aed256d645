/// How closely two phone numbers match, from libphonenumber's `MatchType`.
package enum PhoneNumberMatch: Sendable, Hashable, CaseIterable {
    /// Same country calling code, both written in the numbers, same national significant number and same
    /// extension: "+64 3 331 6005" and "+64 03 331 6005".
    case exact
    /// Same national significant number and extension, but at least one number's country calling code was
    /// not written in it: "+64 3 331-6005" and "03 331 6005".
    case nsn
    /// One national significant number ends the other, with no conflict of country calling codes or
    /// extensions: "+64 3 331-6005" and "331 6005", or the same number with and without an extension.
    case shortNSN
    /// Different numbers, calling codes or extensions.
    case none
    /// At least one of the texts is not a phone number.
    case notANumber

    /// True for the matches a search for a number should return: exact, nsn and shortNSN.
    package var isMatch: Bool {
        switch self {
        case .exact, .nsn, .shortNSN: true
        case .none, .notANumber: false
        }
    }
}
