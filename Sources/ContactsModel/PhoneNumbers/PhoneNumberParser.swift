/// Reads phone numbers as people type them into ``ParsedPhoneNumber`` values, following the dialling
/// rules of libphonenumber's metadata.
///
/// The parser works on Unicode scalars and ASCII digit buffers and never compiles a pattern per call, so
/// the store can read every number it saves. It:
/// - splits off an extension ("ext. 12", "x12", "#12", ";12", "доб. 12") or reads a `tel:` URI
///   (RFC 3966, with `;ext=`, `;isub=` and `;phone-context=`);
/// - skips text before the number ("Tel: ") and punctuation between digits, and maps vanity letters to
///   keypad digits when there are at least three ("+1 800 FLOWERS");
/// - finds the country calling code after "+", or after the default region's international prefix
///   ("011" in the US, "00" in most of Europe), or assumes the default region's;
/// - removes the national prefix ("0" in New Zealand, the United Kingdom and France) when the metadata
///   says the rest is still a whole number.
///
/// It returns nil for text that is not a phone number: fewer than three digits, letters before the third
/// digit ("Dog"), symbols other than separators, an unknown calling code, or a national significant number
/// outside 2 to 17 digits (a bare "+43").
///
/// ```swift
/// let parser = PhoneNumberParser()
/// parser.parse("03 331 6005", defaultRegion: "NZ")?.e164        // "+6433316005"
/// parser.parse("011 44 20 7946 0000", defaultRegion: "US")?.e164 // "+442079460000"
/// ```
package struct PhoneNumberParser: Sendable {
    /// The metadata whose rules the parser follows.
    package let metadata: PhoneMetadata

    /// Longer text is not a phone number; the bound keeps a pasted document from being scanned. It is in
    /// UTF-8 bytes, which Swift counts without walking the string: about 250 characters of any script.
    static let maximumInputBytes = 1_000
    /// National significant numbers have at least two digits and at most seventeen (ITU-T E.164 allows
    /// fifteen in all; libphonenumber leaves room for longer national numbers).
    static let nationalNumberLengths = 2...17

    package init(metadata: PhoneMetadata = .shared) {
        self.metadata = metadata
    }

    /// Reads a number; nil when the text is not a phone number.
    ///
    /// - Parameters:
    ///   - text: the number as typed, or a `tel:` URI.
    ///   - defaultRegion: the ISO region (such as "NZ") for numbers written without "+"; nil, or a region
    ///     the metadata lacks, reads them without a country calling code and without removing a prefix.
    /// - Returns: the parsed number, or nil when the text is not a phone number.
    package func parse(_ text: String, defaultRegion: String?) -> ParsedPhoneNumber? {
        parse(text, in: defaultRegion.flatMap(metadata.territory(forRegion:)))
    }

    /// Reads a number with the dialling rules of a territory, which may be a non-geographic one.
    package func parse(_ text: String, in territory: PhoneTerritory?) -> ParsedPhoneNumber? {
        guard text.utf8.count <= Self.maximumInputBytes else { return nil }
        // Most numbers are ASCII digits and separators only. Their bytes give the digits the scalar walk below
        // gives, at a tenth of its cost, which matters because the store reads every number it saves.
        if let normalized = Self.normalizePlainASCII(text.utf8) {
            return parse(normalized, extension: nil, in: territory)
        }
        let parts = Self.splitNumberAndExtension(Substring(text))
        guard let normalized = Self.normalize(parts.number) else { return nil }
        return parse(normalized, extension: parts.extension, in: territory)
    }

    /// Reads a number from its digits: the calling code, international and national prefixes.
    func parse(_ normalized: NormalizedNumber, extension: String?, in territory: PhoneTerritory?) -> ParsedPhoneNumber?
    {
        let digits = normalized.digits[...]
        if normalized.hasPlusSign {
            return numberAfterCallingCode(digits, source: .plusSign, region: territory, extension: `extension`)
        }
        guard let territory else {
            guard Self.nationalNumberLengths.contains(digits.count) else { return nil }
            return ParsedPhoneNumber(
                countryCode: nil, nationalNumber: String(decoding: digits, as: UTF8.self), extension: `extension`)
        }
        if let prefix = territory.internationalPrefix?.prefixMatch(in: digits), prefix.length < digits.count,
            digits[digits.startIndex + prefix.length] != UInt8(ascii: "0")
        {
            // Calling codes never start with 0, so "00" followed by "0" is a national number that merely
            // looks like an international prefix.
            return numberAfterCallingCode(
                digits.dropFirst(prefix.length), source: .internationalPrefix, region: territory,
                extension: `extension`)
        }
        if let national = nationalNumberAfterOwnCallingCode(digits, territory: territory) {
            return number(
                national, callingCode: (territory.callingCode, .numberWithoutPlusSign), territory: territory,
                extension: `extension`)
        }
        return number(
            digits, callingCode: (territory.callingCode, .defaultRegion), territory: territory,
            extension: `extension`)
    }

    /// Reads the calling code at the start of the digits, then the national number after it.
    private func numberAfterCallingCode(
        _ digits: ArraySlice<UInt8>, source: ParsedPhoneNumber.CountryCodeSource, region: PhoneTerritory?,
        extension: String?
    ) -> ParsedPhoneNumber? {
        guard let (callingCode, length) = callingCode(atStartOf: digits) else { return nil }
        // A region that shares the code (Canada for +1) knows its own prefixes better than the main one.
        let sharingRegion = region.flatMap { $0.callingCode == callingCode ? $0 : nil }
        guard let territory = sharingRegion ?? metadata.mainTerritory(forCallingCode: callingCode) else { return nil }
        return number(
            digits.dropFirst(length), callingCode: (callingCode, source), territory: territory, extension: `extension`)
    }

    /// The known calling code the digits start with, and its length. Codes are prefix-free (no code starts
    /// another), so the shortest known one is the only one.
    private func callingCode(atStartOf digits: ArraySlice<UInt8>) -> (code: Int, length: Int)? {
        guard let first = digits.first, first != UInt8(ascii: "0") else { return nil }
        var code = 0
        for (offset, digit) in digits.prefix(3).enumerated() {
            code = code * 10 + Int(digit - UInt8(ascii: "0"))
            if metadata.mainTerritory(forCallingCode: code) != nil { return (code, offset + 1) }
        }
        return nil
    }

    /// Removes the national prefix and checks the length of what remains.
    private func number(
        _ national: ArraySlice<UInt8>, callingCode: (Int, ParsedPhoneNumber.CountryCodeSource),
        territory: PhoneTerritory, extension: String?
    ) -> ParsedPhoneNumber? {
        let significant = Self.removingNationalPrefix(from: national, territory: territory)
        guard Self.nationalNumberLengths.contains(significant.count) else { return nil }
        return ParsedPhoneNumber(
            countryCode: callingCode, nationalNumber: String(decoding: significant, as: UTF8.self),
            extension: `extension`)
    }
}
