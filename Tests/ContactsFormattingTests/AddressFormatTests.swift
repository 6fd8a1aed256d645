import ContactsFormatting
import Testing

@Suite struct AddressFormatTests {
    @Test func parsesLinesFieldsAndLiterals() {
        let format = AddressFormat(parsing: "%N%n%O%n%A%n%C %S %Z")
        #expect(format.fields == [.street, .city, .state, .postalCode])
        #expect(
            format.lines.last == [.field(.city), .literal(" "), .field(.state), .literal(" "), .field(.postalCode)])
    }

    @Test(arguments: ["%N%n%O%n%A%nCH-%Z %C", "%O%n%N%n%A%nAX-%Z %C%nÅLAND", "%N%n%O%n%A%nFI-%Z %C"])
    func nationalPrefixesAndLiteralLinesAreDropped(format: String) {
        let parsed = AddressFormat(parsing: format)
        #expect(parsed.lines.last == [.field(.postalCode), .literal(" "), .field(.city)])
    }

    @Test func otherLiteralsAreKept() {
        #expect(AddressFormat(parsing: "〒%Z%n%S%C%n%A").lines.first == [.literal("〒"), .field(.postalCode)])
        #expect(AddressFormat(parsing: "%A%nSINGAPORE %Z").lines.last == [.literal("SINGAPORE "), .field(.postalCode)])
    }

    @Test(arguments: [
        ("CN", true), ("JP", true), ("KR", true), ("TW", true), ("RU", true), ("HK", true), ("US", false),
        ("GN", false), ("DE", false), ("GB", false), ("BR", false),
    ])
    func largestFirstLayoutsAreTheBigEndianOnes(region: String, largestFirst: Bool) throws {
        let entry = try #require(AddressFormatCatalog.shared.entries[region])
        #expect(entry.local.isLargestFirst == largestFirst)
        #expect(entry.latin?.isLargestFirst != true)
    }

    @Test func tableHoldsEveryRegionOfTheCorpus() {
        #expect(AddressFormatCatalog.shared.entries.count == 252)
        #expect(AddressFormatCatalog.shared.entries["ZZ"] == nil)
        #expect(AddressFormatCatalog.shared.entries["US"]?.latin == nil)
        #expect(AddressFormatCatalog.shared.entries["JP"]?.latin != nil)
    }
}
