import ContactsModel
import ContactsTestSupport
import Foundation

@testable import ContactsVCard

/// Shared helpers for the vCard tests: corpus files and field-by-field comparison.
enum VCardTestSupport {
    /// The vCard corpus (Tests/Fixtures/corpora, origins in its SOURCES.md), found from this file: Tests/ContactsVCardTests/X.swift -> repo root.
    static let corpusRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/corpora/vcard").standardizedFileURL

    /// Every vCard file of the corpus, as paths relative to the corpus folder.
    static let corpusFiles: [String] = {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: corpusRoot.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".vcf") || path.hasSuffix(".ref") || path.hasSuffix(".2_1ref") {
                files.append(path)
            }
        }
        return files.sorted()
    }()

    /// Corpus files that are deliberately broken, with the line the reader reports.
    static let malformedFiles: [String: Int] = ["khard/unparsable.vcf": 1]

    static func corpusData(_ path: String) throws -> Data {
        try Data(contentsOf: corpusRoot.appendingPathComponent(path))
    }

    /// The keys on which two contacts differ, comparing every modeled field but identifiers.
    static func differences(_ left: CNContact, _ right: CNContact) -> [String] {
        ContactComparison.differences(left, right, ignoring: [])
    }

    /// Reads a corpus file's cards.
    static func cards(_ path: String) throws -> [VCardCard] {
        try VCardReader.read(corpusData(path))
    }

    /// Reads vCard text.
    static func cards(text: String) throws -> [VCardCard] {
        try VCardReader.read(Data(text.utf8))
    }

    /// The single contact of a vCard text.
    static func contact(_ text: String) throws -> CNContact {
        let cards = try VCardReader.read(Data(text.utf8))
        guard cards.count == 1, let card = cards.first else { throw TestFailure.cardCount(cards.count) }
        return card.contact
    }

    enum TestFailure: Error {
        case cardCount(Int)
    }
}
