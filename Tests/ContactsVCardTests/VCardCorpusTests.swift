import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

@Suite struct VCardCorpusTests {
    @Test func corpusIsFound() {
        #expect(VCardTestSupport.corpusFiles.count > 100)
    }

    @Test(arguments: VCardTestSupport.corpusFiles)
    func corpusFileParsesOrThrowsMalformedWithLine(_ path: String) throws {
        let data = try VCardTestSupport.corpusData(path)
        if let line = VCardTestSupport.malformedFiles[path] {
            #expect(throws: VCardParseError.self) { try VCardReader.read(data) }
            do {
                _ = try CNContactVCardSerialization.contacts(with: data)
                Issue.record("a malformed file parsed")
            } catch let error as CNError {
                #expect(error.code == .vCardMalformed)
                #expect(error.lineNumber == line)
            }
            return
        }
        let cards = try VCardReader.read(data)
        #expect(!cards.isEmpty)
        let contacts = try CNContactVCardSerialization.contacts(with: data)
        #expect(contacts.count == cards.filter { !$0.isGroup }.count)
        for contact in contacts {
            #expect(ContactValidator.validate(contact) == nil)
        }
    }

    @Test(arguments: VCardTestSupport.corpusFiles.filter { VCardTestSupport.malformedFiles[$0] == nil })
    func corpusFileRoundTripsEveryModeledFieldAndUnknownProperty(_ path: String) throws {
        let cards = try VCardTestSupport.cards(path)
        let written = VCardWriter.data(for: cards)
        let again = try VCardReader.read(written)
        try #require(again.count == cards.count)
        for (original, copy) in zip(cards, again) {
            #expect(VCardTestSupport.differences(original.contact, copy.contact) == [])
            #expect(original.unknownProperties == copy.unknownProperties)
            #expect(original.uid == copy.uid)
            #expect(original.categories == copy.categories)
            #expect(original.memberUIDs == copy.memberUIDs)
            #expect(original.kind == copy.kind)
        }
    }

    @Test(arguments: VCardTestSupport.corpusFiles.filter { VCardTestSupport.malformedFiles[$0] == nil })
    func corpusFileRoundTripsThroughVersion4(_ path: String) throws {
        let cards = try VCardTestSupport.cards(path)
        let written = VCardWriter.data(for: cards, options: VCardWritingOptions(version: .v4_0))
        let again = try VCardReader.read(written)
        try #require(again.count == cards.count)
        for (original, copy) in zip(cards, again) {
            #expect(VCardTestSupport.differences(original.contact, copy.contact) == [])
        }
    }

    /// KDE's round-trip set: `X.vcf` and its 3.0 (`.ref`), 2.1 (`.2_1ref`) and 4.0 (`v4_0.X.vcf.ref`)
    /// outputs describe the same contacts.
    static let referencePairs: [(String, String)] = {
        let files = Set(VCardTestSupport.corpusFiles)
        var pairs: [(String, String)] = []
        for file in files where file.hasPrefix("kcontacts/") && file.hasSuffix(".vcf") {
            let name = String(file.dropFirst("kcontacts/".count))
            for reference in [file + ".ref", file + ".2_1ref", "kcontacts/v4_0." + name + ".ref"]
            where files.contains(reference) && !excludedReferences.contains(reference) {
                pairs.append((file, reference))
            }
        }
        return pairs.sorted { $0.1 < $1.1 }
    }()

    /// References that do not mean the same in the contact model (see docs/VCard.md).
    static let excludedReferences: Set<String> = [
        // KDE turns its legacy X-messaging properties into IMPP and sorts them; we keep them as unknown.
        "kcontacts/vcard_legacy_messaging_fields.vcf.ref",
        // The 2.1 reference holds raw PNG bytes where base64 should be.
        "kcontacts/vcard12.vcf.2_1ref",
    ]

    @Test(arguments: referencePairs)
    func kcontactsReferenceMeansTheSameAsItsInput(_ input: String, _ reference: String) throws {
        let inputCards = try VCardTestSupport.cards(input)
        let referenceCards = try VCardTestSupport.cards(reference)
        try #require(inputCards.count == referenceCards.count)
        for (left, right) in zip(inputCards, referenceCards) {
            #expect(VCardTestSupport.differences(left.contact, right.contact) == [])
        }
    }
}
