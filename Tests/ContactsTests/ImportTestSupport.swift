import Contacts
import ContactsTestSupport
import Foundation

/// Shared helpers for the import and export tests: corpus files, temporary files, field comparison.
enum ImportTestSupport {
    /// The vCard corpus (Tests/Fixtures/corpora, origins in its SOURCES.md), found from this file: Tests/ContactsTests/X.swift -> repo root.
    static let corpusRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/corpora/vcard").standardizedFileURL

    /// Every vCard file of the corpus, relative to its folder.
    static let corpusFiles: [String] = {
        guard let enumerator = FileManager.default.enumerator(atPath: corpusRoot.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".vcf") || path.hasSuffix(".ref") || path.hasSuffix(".2_1ref") { files.append(path) }
        }
        return files.sorted()
    }()

    /// Corpus files the reader documents as malformed (docs/VCard.md), with the line it reports.
    static let malformedFiles: [String: Int] = ["khard/unparsable.vcf": 1]

    static func corpusURL(_ path: String) -> URL { corpusRoot.appendingPathComponent(path) }

    /// Writes text to a file in the temporary store's directory.
    static func file(_ text: String, named name: String = "input.vcf", in temporary: TemporaryStore) throws -> URL {
        let url = temporary.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Whether the import skips a card as empty: no name part, nickname, organization, e-mail or phone.
    static func isEmpty(_ card: VCardCard) -> Bool {
        let contact = card.contact
        return [
            contact.namePrefix, contact.givenName, contact.middleName, contact.familyName, contact.nameSuffix,
            contact.nickname, contact.organizationName,
        ].allSatisfy(\.isEmpty)
            && contact.emailAddresses.isEmpty && contact.phoneNumbers.isEmpty
    }

    /// Exports a store and reads the result back as cards.
    static func exported(
        _ store: CNContactStore, in temporary: TemporaryStore,
        selection: ContactExportSelection = .all, options: ContactExportOptions = ContactExportOptions()
    ) throws -> [VCardCard] {
        let url = temporary.directory.appendingPathComponent("export-\(UUID().uuidString).vcf")
        try store.exportVCards(to: url, selection: selection, options: options)
        return try VCardReader.read(Data(contentsOf: url))
    }

    /// The keys on which two contacts differ, comparing every modeled field but the identifier.
    static func differences(_ left: CNContact, _ right: CNContact) -> [String] {
        ContactComparison.differences(left, right, ignoring: [.thumbnailImageData])
    }

    /// Two cards with UIDs, one of them with vendor properties, and a group card naming both.
    static let sampleText = """
        BEGIN:VCARD
        VERSION:3.0
        N:Appleseed;John;;;
        FN:John Appleseed
        EMAIL;type=INTERNET;type=HOME:john@example.com
        X-ACME-SHOE-SIZE;X-UNIT=EU:44
        GENDER:M
        UID:urn:uuid:11111111-1111-1111-1111-111111111111
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:Bell;Kate;;;
        FN:Kate Bell
        TEL;type=CELL:(555) 564-8583
        UID:22222222-2222-2222-2222-222222222222
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:Friends;;;;
        FN:Friends
        X-ADDRESSBOOKSERVER-KIND:group
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:11111111-1111-1111-1111-111111111111
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:22222222-2222-2222-2222-222222222222
        END:VCARD

        """
}
