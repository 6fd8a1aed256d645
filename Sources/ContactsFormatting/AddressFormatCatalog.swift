import Foundation

/// The address formats of every region, parsed once from the generated table on first use.
package struct AddressFormatCatalog: Sendable {
    /// The formats of one region: local script and, when the region has one, Latin script.
    package struct Entry: Sendable, Equatable {
        package var local: AddressFormat
        package var latin: AddressFormat?
    }

    /// Every region of the table except the default, "ZZ", by upper-case code.
    package let entries: [String: Entry]

    /// The format of regions that have none of their own, and of unknown regions.
    package let fallback: AddressFormat

    /// The catalog of the generated table.
    package static let shared = AddressFormatCatalog(source: AddressFormatTable.source)

    /// Parses table lines of the form `CODE|fmt|lfmt`.
    package init(source: String) {
        var raw: [String: (fmt: Substring, lfmt: Substring)] = [:]
        for line in source.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let code = fields[0].trimmingCharacters(in: .whitespaces)
            raw[code] = (fields[1], fields[2])
        }
        // Regions without a format of their own use the default layout extended with the state and the
        // postal code, so fields an address holds are not silently lost; see docs/Formatting.md.
        let fallback = AddressFormat(parsing: "%A%n%D%n%C %S %Z")
        var entries: [String: Entry] = [:]
        for (code, formats) in raw where code != "ZZ" {
            let local = formats.fmt.isEmpty ? fallback : AddressFormat(parsing: String(formats.fmt))
            let latin = formats.lfmt.isEmpty ? nil : AddressFormat(parsing: String(formats.lfmt))
            entries[code] = Entry(local: local, latin: latin)
        }
        self.entries = entries
        self.fallback = fallback
    }

    /// The region codes of the table, sorted.
    package var regions: [String] {
        entries.keys.sorted()
    }
}
