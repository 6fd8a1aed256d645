import ContactsModel
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsVCard

/// Every line-ending and folding variant real exporters write reads as the CR LF original does, whether the
/// bytes come at once or in chunks cut anywhere, and errors name the right line.
@Suite struct LineEndingTests {
    /// A card using folding, a quoted-printable soft break and a note, written with CR LF.
    static let original = [
        "BEGIN:VCARD", "VERSION:2.1", "N:Lee;Ann;;;", "FN:Ann Lee", "TEL;CELL:+1 555 0101",
        "NOTE;ENCODING=QUOTED-PRINTABLE:First line=0D=0Asecond=", " line", "EMAIL:ann@exam", " ple.com",
        "ORG:Acme", "\tCorp", "END:VCARD",
        "BEGIN:VCARD", "VERSION:3.0", "N:Stone;Bob;;;", "FN:Bob Stone", "END:VCARD",
    ]

    /// The variants: how lines end, and how continuation lines start.
    static let variants: [(name: String, text: String)] = [
        ("CR LF", original.joined(separator: "\r\n") + "\r\n"),
        ("LF", original.joined(separator: "\n") + "\n"),
        ("CR", original.joined(separator: "\r") + "\r"),
        ("CR CR LF (iPhone exports)", original.joined(separator: "\r\r\n") + "\r\r\n"),
        ("CR LF without a final line break", original.joined(separator: "\r\n")),
        (
            "mixed CR LF, LF and CR CR LF",
            original.enumerated().map { index, line in
                line + ["\r\n", "\n", "\r\r\n"][index % 3]
            }.joined()
        ),
    ]

    private static func read(_ text: String, chunkSize: Int? = nil, fastPaths: Bool = true) throws -> [String] {
        let bytes = Array(text.utf8)
        var reader: VCardStreamReader
        if let chunkSize {
            var offset = 0
            reader = VCardStreamReader(chunks: {
                guard offset < bytes.count else { return nil }
                defer { offset += chunkSize }
                return Data(bytes[offset..<min(offset + chunkSize, bytes.count)])
            })
        } else {
            reader = VCardStreamReader(bytes: bytes, usesFastPaths: fastPaths)
        }
        var result: [String] = []
        while let card = try reader.next() {
            let contact = card.contact
            result.append(
                [
                    contact.givenName, contact.familyName, contact.organizationName, contact.note,
                    contact.emailAddresses.map { $0.value as String }.joined(),
                    contact.phoneNumbers.map(\.value.stringValue).joined(),
                ]
                .joined(separator: "|"))
        }
        return result
    }

    @Test(arguments: variants.map(\.name))
    func everyVariantReadsAsTheCRLFOriginal(name: String) throws {
        let text = try #require(Self.variants.first { $0.name == name }?.text)
        let expected = try Self.read(Self.variants[0].text)
        #expect(expected.count == 2)
        #expect(expected.first == "Ann|Lee|AcmeCorp|First line\nsecond line|ann@example.com|+1 555 0101")
        #expect(try Self.read(text) == expected)
        #expect(try Self.read(text, fastPaths: false) == expected, "the general path agrees")
    }

    @Test(arguments: variants.map(\.name), [1, 2, 3, 7])
    func chunksCutAnywhereReadTheSame(name: String, chunkSize: Int) throws {
        let text = try #require(Self.variants.first { $0.name == name }?.text)
        #expect(try Self.read(text, chunkSize: chunkSize) == Self.read(Self.variants[0].text))
    }

    @Test(arguments: ["\r\n", "\n", "\r", "\r\r\n"])
    func aMalformedLineIsReportedAtItsNumber(lineEnd: String) throws {
        let text =
            ["BEGIN:VCARD", "VERSION:3.0", "FN:Ann", "no colon here", "END:VCARD"].joined(separator: lineEnd) + lineEnd
        do {
            _ = try Self.read(text)
            Issue.record("a line without a colon was accepted")
        } catch let error as VCardParseError {
            #expect(error.line == 4)
        }
        // Through the public API: CNError 700 with the line.
        #expect(throws: CNError.self) { try CNContactVCardSerialization.contacts(with: Data(text.utf8)) }
        do {
            _ = try CNContactVCardSerialization.contacts(with: Data(text.utf8))
        } catch let error as CNError {
            #expect(error.code == .vCardMalformed)
            #expect(error.lineNumber == 4)
        }
    }
}
