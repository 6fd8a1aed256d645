import Foundation
import Testing

@testable import ContactsModel

@Suite struct PhoneMetadataTests {
    @Test func bundledTableLoadsEveryTerritory() throws {
        let metadata = try PhoneMetadata.bundled.get()
        #expect(metadata.territories.count == 254)
        #expect(metadata.territories.count == PhoneMetadata.shared.territories.count)
    }

    @Test(
        "Regions know their calling code and prefixes",
        arguments: [
            ("NZ", 64, "0"), ("US", 1, "1"), ("GB", 44, "0"), ("FR", 33, "0"), ("RU", 7, "8"), ("IT", 39, nil),
            ("CA", 1, "1"), ("GG", 44, "0"), ("de", 49, "0"),
        ] as [(String, Int, String?)]
    )
    func regionLookupFindsTheTerritory(region: String, callingCode: Int, nationalPrefix: String?) throws {
        let territory = try #require(PhoneMetadata.shared.territory(forRegion: region))
        #expect(territory.region == region.uppercased())
        #expect(territory.callingCode == callingCode)
        #expect(territory.nationalPrefix == nationalPrefix)
    }

    @Test(
        "A calling code leads to its main territory",
        arguments: [(1, "US"), (44, "GB"), (7, "RU"), (61, "AU"), (39, "IT"), (64, "NZ"), (262, "RE"), (800, "001")]
    )
    func callingCodeLookupFindsTheMainTerritory(callingCode: Int, region: String) throws {
        let territory = try #require(PhoneMetadata.shared.mainTerritory(forCallingCode: callingCode))
        #expect(territory.region == region)
        #expect(territory.isMainTerritoryForCallingCode)
    }

    @Test func everyCallingCodeHasExactlyOneMainTerritory() {
        let metadata = PhoneMetadata.shared
        for code in Set(metadata.territories.map(\.callingCode)) {
            #expect(metadata.territories(forCallingCode: code).filter(\.isMainTerritoryForCallingCode).count == 1)
        }
    }

    @Test(arguments: ["ZZ", "001", "", "N"])
    func unknownOrNonGeographicRegionHasNoTerritory(region: String) {
        #expect(PhoneMetadata.shared.territory(forRegion: region) == nil)
    }

    @Test(arguments: [0, 999, 42])
    func unassignedCallingCodeHasNoTerritory(callingCode: Int) {
        #expect(PhoneMetadata.shared.mainTerritory(forCallingCode: callingCode) == nil)
    }

    @Test(
        "Every example number in the metadata fits its territory's general pattern and lengths",
        arguments: try PhoneCorpus.exampleNumbers()
    )
    func exampleNumberFitsItsTerritory(_ example: PhoneCorpus.ExampleNumber) throws {
        let territory = try #require(
            PhoneMetadata.shared.territories(forCallingCode: example.callingCode).first { $0.region == example.region })
        let digits = Array(example.number.utf8)[...]
        #expect(territory.generalPattern?.matchesWhole(digits) == true)
        #expect(territory.lengths.fit(digits.count) == .possible)
    }

    @Test func corpusHasTheExampleNumbersOfEveryTerritory() throws {
        let examples = try PhoneCorpus.exampleNumbers()
        #expect(examples.count == 1137)
        #expect(Set(examples.map { "\($0.region) \($0.callingCode)" }).count == 254)
    }

    @Test(
        "A malformed table line names its line",
        arguments: [
            ("NZ\t64\t1\n", PhoneMetadataError.Code.malformedLine),
            ("NZ\tsixty-four\t1\t\t\t\t\t\t5\t\n", .malformedLine),
            ("NZ\t64\tyes\t\t\t\t\t\t5\t\n", .malformedLine),
            ("NZ\t64\t1\t\t\t\t\t\t5-x\t\n", .malformedLine),
            ("NZ\t64\t1\t\t\t\t\t\t18\t\n", .malformedLine),
            ("NZ\t64\t1\t0(?=0)\t\t\t\t\t5\t\n", .unsupportedPattern),
            ("NZ\t64\t1\t\t\t\t\t\\w+\t5\t\n", .unsupportedPattern),
        ]
    )
    func malformedLineThrowsWithItsLineNumber(line: String, code: PhoneMetadataError.Code) {
        let text = "# comment\n\n" + line
        #expect {
            try PhoneMetadata(tsv: text)
        } throws: { error in
            guard let error = error as? PhoneMetadataError else { return false }
            return error.code == code && error.line == 3
        }
    }

    @Test func missingFileThrowsUnreadable() {
        let url = URL(fileURLWithPath: "/nonexistent/PhoneMetadata.tsv")
        #expect {
            try PhoneMetadata.load(contentsOf: url)
        } throws: { error in
            (error as? PhoneMetadataError)?.code == .unreadable
        }
    }

    @Test(
        "Lengths classify like libphonenumber's length test",
        arguments: [
            (3, PhoneNumberLengths.Fit.tooShort), (4, .localOnly), (5, .localOnly), (6, .localOnly), (7, .possible),
            (8, .localOnly),
            (9, .possible), (10, .possible), (11, .tooLong),
        ]
    )
    func lengthsClassifyAgainstTheTerritory(length: Int, fit: PhoneNumberLengths.Fit) throws {
        let britain = try #require(PhoneNumberLengths(national: "7,9-10", localOnly: "4-6,8"))
        #expect(britain.fit(length) == fit)
    }

    @Test func lengthsWithAGapCallTheGapInvalid() throws {
        let lengths = try #require(PhoneNumberLengths(national: "7,10", localOnly: ""))
        #expect(lengths.fit(8) == .invalid)
    }
}
