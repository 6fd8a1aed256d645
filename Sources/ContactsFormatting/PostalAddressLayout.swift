import ContactsModel
import Foundation

/// Lays out a postal address as lines of text: the engine behind `CNPostalAddressFormatter`.
///
/// Rules (docs/Formatting.md): the region comes from the ISO country code, else from the country name, else
/// the person's region; the region's local-script format is used when any field holds letters outside the
/// Latin script, its Latin format otherwise; empty fields and the text around them are dropped; the state's
/// place shows the sub-administrative area when the state is empty; the country line is printed only when
/// the address's region differs from the person's, first for layouts that start with the largest unit
/// (Chinese, Japanese, Korean) and last otherwise. Nothing is upper-cased.
package struct PostalAddressLayout: Sendable {
    /// A piece of the output: text and the postal key it comes from, nil for separators and line breaks.
    package struct Run: Sendable, Equatable {
        package var text: String
        package var key: String?
    }

    /// The person's region, upper case: addresses in it print no country line.
    package let personRegion: String

    /// The language of localized field names.
    package let localization: Localization

    package init(personRegion: String, localization: Localization) {
        self.personRegion = personRegion.uppercased()
        self.localization = localization
    }

    /// The layout for the person running this process, read once.
    package static let person = PostalAddressLayout(
        personRegion: CNContactsUserDefaults.shared().countryCode,
        localization: .current
    )

    // MARK: Region and format

    /// The region of an address: its ISO country code, else its country name, else the person's region;
    /// nil when the address names a country we cannot map.
    package func region(of fields: CNPostalAddress.Fields) -> String? {
        var code = fields.isoCountryCode.trimmingCharacters(in: .whitespaces).uppercased()
        if code == "UK" { code = "GB" }
        if !code.isEmpty {
            return AddressFormatCatalog.shared.entries[code] != nil ? code : nil
        }
        let country = fields.country.trimmingCharacters(in: .whitespacesAndNewlines)
        if !country.isEmpty {
            return CountryNames.shared.region(forName: country)
        }
        return personRegion
    }

    /// The format for an address in a region: local script unless every letter is Latin and the region has
    /// a Latin format.
    package func format(for fields: CNPostalAddress.Fields, region: String?) -> AddressFormat {
        let catalog = AddressFormatCatalog.shared
        guard let region, let entry = catalog.entries[region] else { return catalog.fallback }
        guard let latin = entry.latin else { return entry.local }
        let texts = [fields.street, fields.subLocality, fields.city, fields.state, fields.postalCode]
        return texts.allSatisfy(Self.isLatinScript) ? latin : entry.local
    }

    /// Whether every letter of the text is in the Latin script (ASCII, Latin-1, Latin Extended, Vietnamese).
    private static func isLatinScript(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.value >= 0x80 {
            switch scalar.value {
            case 0x00C0...0x024F, 0x1E00...0x1EFF, 0x0300...0x036F: continue
            default:
                if scalar.properties.isAlphabetic { return false }
            }
        }
        return true
    }

    // MARK: Layout

    /// The runs of the formatted address, lines separated by "\n" runs.
    package func runs(for fields: CNPostalAddress.Fields) -> [Run] {
        let region = region(of: fields)
        let format = format(for: fields, region: region)
        var lines: [[Run]] = format.lines.compactMap { render($0, fields: fields) }
        if let country = countryLine(fields, region: region) {
            if format.isLargestFirst {
                lines.insert([country], at: 0)
            } else {
                lines.append([country])
            }
        }
        var runs: [Run] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { runs.append(Run(text: "\n", key: nil)) }
            runs.append(contentsOf: line)
        }
        return runs
    }

    /// The formatted address as plain text.
    package func string(for fields: CNPostalAddress.Fields) -> String {
        runs(for: fields).reduce(into: "") { $0 += $1.text }
    }

    /// The runs of one line, or nil when every field of the line is empty.
    ///
    /// Text before the first printed field is printed only when that field is the one right after it
    /// (a prefix such as "〒"); text between printed fields is the first literal after the previous printed
    /// field, or a space when the format has none and the fields are not both Chinese or Japanese; text
    /// after the last printed field is dropped.
    private func render(_ line: [AddressFormat.Segment], fields: CNPostalAddress.Fields) -> [Run]? {
        var runs: [Run] = []
        var pending: String?
        var previousWasPrintedOrStart = true
        for segment in line {
            switch segment {
            case .literal(let text):
                if pending == nil, previousWasPrintedOrStart { pending = text }
            case .field(let field):
                let (key, value) = Self.value(of: field, in: fields)
                guard !value.isEmpty else {
                    previousWasPrintedOrStart = false
                    if runs.isEmpty { pending = nil }
                    continue
                }
                if let text = pending {
                    runs.append(Run(text: text, key: nil))
                } else if let previous = runs.last?.text.unicodeScalars.last, let next = value.unicodeScalars.first,
                    !(NameScript.isHanOrKana(previous) && NameScript.isHanOrKana(next))
                {
                    // Formats join some fields with no text ("%S%C" in Japan, "%C%D" in Korea); only Chinese
                    // and Japanese are written without spaces, so other scripts get one.
                    runs.append(Run(text: " ", key: nil))
                }
                runs.append(Run(text: value, key: key))
                pending = nil
                previousWasPrintedOrStart = true
            }
        }
        return runs.isEmpty ? nil : runs
    }

    /// The postal key and the trimmed value a format field shows.
    private static func value(of field: AddressFormat.Field, in fields: CNPostalAddress.Fields) -> (String, String) {
        switch field {
        case .name, .organization, .sortingCode: ("", "")
        case .street: (CNPostalAddressStreetKey, trimmed(fields.street))
        case .subLocality: (CNPostalAddressSubLocalityKey, trimmed(fields.subLocality))
        case .city: (CNPostalAddressCityKey, trimmed(fields.city))
        case .postalCode: (CNPostalAddressPostalCodeKey, trimmed(fields.postalCode))
        case .state:
            if case let state = trimmed(fields.state), !state.isEmpty {
                (CNPostalAddressStateKey, state)
            } else {
                (CNPostalAddressSubAdministrativeAreaKey, trimmed(fields.subAdministrativeArea))
            }
        }
    }

    private static func trimmed(_ text: String) -> String {
        guard let first = text.first, let last = text.last,
            first.isWhitespace || last.isWhitespace
        else { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The country line, when the address's region differs from the person's.
    private func countryLine(_ fields: CNPostalAddress.Fields, region: String?) -> Run? {
        guard region != personRegion else { return nil }
        let country = Self.trimmed(fields.country)
        if !country.isEmpty { return Run(text: country, key: CNPostalAddressCountryKey) }
        guard let region else { return nil }
        let name = Locale(identifier: localization.language).localizedString(forRegionCode: region) ?? region
        return Run(text: name, key: CNPostalAddressCountryKey)
    }
}
