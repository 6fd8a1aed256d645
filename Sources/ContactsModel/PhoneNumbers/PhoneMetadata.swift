import Foundation

/// The phone-number metadata: for each territory, its calling code, prefixes and number shapes.
///
/// The table comes from libphonenumber's metadata (Apache-2.0), converted by
/// scripts/generate-phone-metadata.py into the text resource PhoneMetadata.tsv. It is read the first time
/// a number is parsed, not at launch, and compiled once: ``shared`` is a `static let`, which Swift
/// initializes exactly once even when several threads ask at the same time. The table never changes
/// afterwards, so reading it needs no lock.
///
/// ```swift
/// let metadata = PhoneMetadata.shared
/// metadata.territory(forRegion: "NZ")?.callingCode          // 64
/// metadata.mainTerritory(forCallingCode: 44)?.region        // "GB"
/// ```
package struct PhoneMetadata: Sendable {
    /// The table bundled with the module, or the error that kept it from loading.
    package static let bundled: Result<PhoneMetadata, PhoneMetadataError> = Result { () throws(PhoneMetadataError) in
        guard let url = Bundle.module.url(forResource: "PhoneMetadata", withExtension: "tsv") else {
            throw PhoneMetadataError(code: .resourceMissing, message: "PhoneMetadata.tsv is not in the bundle")
        }
        return try load(contentsOf: url)
    }

    /// The bundled table. It is empty when the resource failed to load (see ``bundled`` for why): then
    /// only numbers without a country calling code can be read, rather than the process stopping over a
    /// broken installation.
    package static let shared: PhoneMetadata = (try? bundled.get()) ?? PhoneMetadata(territories: [])

    /// Every territory, in the order of the table.
    package let territories: [PhoneTerritory]
    private let territoryIndexByRegion: [String: Int]
    private let mainTerritoryIndexByCallingCode: [Int: Int]

    /// Creates a table from territories; the last main territory for a calling code wins.
    package init(territories: [PhoneTerritory]) {
        var byRegion: [String: Int] = [:]
        var byCallingCode: [Int: Int] = [:]
        for (index, territory) in territories.enumerated() {
            if territory.isGeographic { byRegion[territory.region] = index }
            if territory.isMainTerritoryForCallingCode || byCallingCode[territory.callingCode] == nil {
                byCallingCode[territory.callingCode] = index
            }
        }
        self.territories = territories
        self.territoryIndexByRegion = byRegion
        self.mainTerritoryIndexByCallingCode = byCallingCode
    }

    /// Parses the text of PhoneMetadata.tsv. Lines starting with "#" and blank lines are comments.
    ///
    /// - Throws: ``PhoneMetadataError`` with code `.malformedLine` or `.unsupportedPattern`.
    package init(tsv text: String) throws(PhoneMetadataError) {
        var territories: [PhoneTerritory] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            territories.append(try PhoneTerritory(line: line, lineNumber: offset + 1))
        }
        self.init(territories: territories)
    }

    /// Reads a table from a file.
    ///
    /// - Throws: ``PhoneMetadataError`` with code `.unreadable`, `.malformedLine` or `.unsupportedPattern`.
    package static func load(contentsOf url: URL) throws(PhoneMetadataError) -> PhoneMetadata {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw PhoneMetadataError(code: .unreadable, message: "cannot read \(url.lastPathComponent)", cause: error)
        }
        return try PhoneMetadata(tsv: text)
    }

    /// The territory of a geographic region such as "NZ" (either case), or nil when the table lacks it.
    ///
    /// Non-geographic entities ("001") share one region id, so look them up by calling code instead.
    package func territory(forRegion region: String) -> PhoneTerritory? {
        if let index = territoryIndexByRegion[region] { return territories[index] }
        guard region.utf8.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else {
            return nil
        }
        return territoryIndexByRegion[region.uppercased()].map { territories[$0] }
    }

    /// The main territory of a calling code, such as the US for 1 or GB for 44; nil for unassigned codes.
    package func mainTerritory(forCallingCode callingCode: Int) -> PhoneTerritory? {
        mainTerritoryIndexByCallingCode[callingCode].map { territories[$0] }
    }

    /// Every territory that uses a calling code, in table order.
    package func territories(forCallingCode callingCode: Int) -> [PhoneTerritory] {
        territories.filter { $0.callingCode == callingCode }
    }
}
