extension PhoneNumberParser {
    /// Removes a territory's national prefix from the start of a national number, when what remains is
    /// still a whole number.
    ///
    /// The prefix is the territory's parsing pattern ("0" in New Zealand; "0?(?:(11|…)15)?" in Argentina).
    /// When the pattern has a transform rule and its last group matched, the matched part is rewritten
    /// instead of dropped: Argentina's "0 11 15 …" becomes "9 11 …", and a seven-digit local number in
    /// Antigua gets its area code, "268". The number keeps its prefix when:
    /// - it fits the territory's general pattern with the prefix but not without it, because then the
    ///   digits were not a prefix at all;
    /// - what remains is too short, a local-only length, or a length no number has.
    static func removingNationalPrefix(from national: ArraySlice<UInt8>, territory: PhoneTerritory) -> ArraySlice<UInt8>
    {
        guard let pattern = territory.nationalPrefixForParsing, let match = pattern.prefixMatch(in: national) else {
            return national
        }
        let remainder = national.dropFirst(match.length)
        var candidate = remainder
        if let rule = territory.nationalPrefixTransformRule, let last = match.group(pattern.groupCount),
            !last.isEmpty
        {
            candidate = (transformed(rule, match: match, in: national) + remainder)[...]
        }
        if let general = territory.generalPattern, general.matchesWhole(national), !general.matchesWhole(candidate) {
            return national
        }
        switch territory.lengths.fit(candidate.count) {
        case .tooShort, .localOnly, .invalid: return national
        case .possible, .tooLong: return candidate
        }
    }

    /// Expands a transform rule such as "9$1": digits stay, and "$n" becomes capture group n.
    private static func transformed(
        _ rule: String, match: PhoneNumberPattern.Match, in digits: ArraySlice<UInt8>
    ) -> [UInt8] {
        var result: [UInt8] = []
        var iterator = rule.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "$") else {
                result.append(byte)
                continue
            }
            guard let reference = iterator.next(), let range = match.group(Int(reference &- UInt8(ascii: "0")))
            else { continue }
            result += digits[(digits.startIndex + range.lowerBound)..<(digits.startIndex + range.upperBound)]
        }
        return result
    }

    /// The national number after a region's own calling code written without "+", as "1 650 253 0000" in
    /// the US or "64 3 331 6005" in New Zealand; nil when the leading digits are not that code.
    ///
    /// The digits count as a calling code only when that makes sense of the number: without them (and
    /// without a national prefix) it fits the general pattern and with them it does not, or with them
    /// it is too long to be a national number.
    func nationalNumberAfterOwnCallingCode(
        _ digits: ArraySlice<UInt8>, territory: PhoneTerritory
    ) -> ArraySlice<UInt8>? {
        guard digits.count > territory.callingCodeDigits.count, digits.starts(with: territory.callingCodeDigits)
        else { return nil }
        let national = digits.dropFirst(territory.callingCodeDigits.count)
        if let general = territory.generalPattern, !general.matchesWhole(digits),
            general.matchesWhole(Self.removingNationalPrefix(from: national, territory: territory))
        {
            return national
        }
        return territory.lengths.fit(digits.count) == .tooLong ? national : nil
    }
}
