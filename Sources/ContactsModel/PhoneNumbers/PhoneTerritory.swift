/// One territory of the phone-number metadata: a region, its country calling code and its dialling rules.
///
/// Several territories can share a calling code (the United States, Canada and much of the Caribbean
/// share +1); one of them is the main territory for the code. Non-geographic entities, such as the
/// international freephone service +800, have the region "001".
package struct PhoneTerritory: Sendable {
    /// The ISO 3166-1 region, upper case, or "001" for a non-geographic entity.
    package let region: String
    /// The country calling code, such as 64 for New Zealand.
    package let callingCode: Int
    /// True when this territory is the one libphonenumber picks for its calling code.
    package let isMainTerritoryForCallingCode: Bool
    /// The prefix people dial to call abroad from this territory, such as "00" or "011".
    package let internationalPrefix: PhoneNumberPattern?
    /// The trunk prefix people dial before a national number, such as "0" in New Zealand.
    package let nationalPrefix: String?
    /// Finds the national prefix (and sometimes a carrier code) at the start of a national number.
    package let nationalPrefixForParsing: PhoneNumberPattern?
    /// Rewrites the part the parsing prefix matched, with `$1` for its first capture group; rare.
    package let nationalPrefixTransformRule: String?
    /// The shape every national significant number of the territory has.
    package let generalPattern: PhoneNumberPattern?
    /// The lengths national significant numbers can have.
    package let lengths: PhoneNumberLengths
    /// The calling code as ASCII digits, to compare with a number's digits without building an integer.
    let callingCodeDigits: [UInt8]

    /// False for the "001" entities, whose numbers belong to no country.
    package var isGeographic: Bool { region != "001" }

    /// The number of tab-separated columns of a table line.
    static let columnCount = 10

    /// Reads one line of PhoneMetadata.tsv; see scripts/generate-phone-metadata.py for the columns.
    ///
    /// - Throws: ``PhoneMetadataError`` with code `.malformedLine` or `.unsupportedPattern`.
    init(line: Substring, lineNumber: Int) throws(PhoneMetadataError) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        func malformed(_ message: String) -> PhoneMetadataError {
            PhoneMetadataError(code: .malformedLine, message: message, line: lineNumber)
        }
        guard fields.count == Self.columnCount else {
            throw malformed("expected \(Self.columnCount) columns, found \(fields.count)")
        }
        guard !fields[0].isEmpty, let callingCode = Int(fields[1]), (1...999).contains(callingCode) else {
            throw malformed("bad region or calling code")
        }
        guard fields[2] == "0" || fields[2] == "1" else { throw malformed("bad main-territory flag") }
        guard let lengths = PhoneNumberLengths(national: fields[8], localOnly: fields[9]) else {
            throw malformed("bad possible lengths")
        }
        self.region = String(fields[0])
        self.callingCode = callingCode
        self.callingCodeDigits = Array(fields[1].utf8)
        self.isMainTerritoryForCallingCode = fields[2] == "1"
        self.internationalPrefix = try Self.pattern(fields[3], lineNumber: lineNumber)
        self.nationalPrefix = fields[4].isEmpty ? nil : String(fields[4])
        self.nationalPrefixForParsing = try Self.pattern(fields[5], lineNumber: lineNumber)
        self.nationalPrefixTransformRule = fields[6].isEmpty ? nil : String(fields[6])
        self.generalPattern = try Self.pattern(fields[7], lineNumber: lineNumber)
        self.lengths = lengths
    }

    /// Compiles a pattern column; an empty column means the territory has no such pattern.
    private static func pattern(_ field: Substring, lineNumber: Int) throws(PhoneMetadataError) -> PhoneNumberPattern? {
        guard !field.isEmpty else { return nil }
        guard let pattern = PhoneNumberPattern(String(field)) else {
            throw PhoneMetadataError(
                code: .unsupportedPattern, message: "pattern outside the supported syntax", line: lineNumber)
        }
        return pattern
    }
}
