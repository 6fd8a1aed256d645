/// The lengths a territory's national significant numbers can have.
///
/// Numbers never exceed 17 digits, so each set of lengths is a bit mask.
package struct PhoneNumberLengths: Sendable, Hashable {
    /// How a length compares with the possible lengths of a territory.
    package enum Fit: Sendable, Hashable {
        /// A length some full national number has.
        case possible
        /// A length only numbers dialled within an area have, without their area code.
        case localOnly
        /// Shorter than every possible length.
        case tooShort
        /// Longer than every possible length.
        case tooLong
        /// Between the shortest and longest lengths, but not a length any number has.
        case invalid
    }

    /// Bit n is set when n is a possible length of a full national number.
    private let national: UInt32
    /// Bit n is set when n is a length of local-only numbers and not of full ones.
    private let localOnly: UInt32

    /// Creates lengths from the metadata's notation, such as "7,9-10"; nil when the text is malformed.
    ///
    /// - Parameters:
    ///   - national: possible lengths of full national numbers.
    ///   - localOnly: lengths of numbers that can only be dialled locally; often empty.
    package init?(national: Substring, localOnly: Substring) {
        guard let national = Self.mask(national), let localOnly = Self.mask(localOnly) else { return nil }
        self.national = national
        self.localOnly = localOnly & ~national
    }

    /// Classifies a length against the possible lengths, the way libphonenumber's length test does:
    /// local-only lengths first, then the bounds, then the exact set.
    package func fit(_ length: Int) -> Fit {
        // A territory without length data accepts any length, as libphonenumber does.
        guard national != 0 else { return .possible }
        guard length >= 0 else { return .tooShort }
        guard length < 32 else { return .tooLong }
        let bit = UInt32(1) << UInt32(length)
        if localOnly & bit != 0 { return .localOnly }
        if length < national.trailingZeroBitCount { return .tooShort }
        if length > 31 - national.leadingZeroBitCount { return .tooLong }
        return national & bit != 0 ? .possible : .invalid
    }

    private static func mask(_ text: Substring) -> UInt32? {
        var mask: UInt32 = 0
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]),
                (1...17).contains(low), (low...17).contains(high)
            else { return nil }
            for length in low...high { mask |= 1 << UInt32(length) }
        }
        return mask
    }
}
