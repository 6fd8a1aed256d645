import ContactsModel
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsVCard

/// Every string field of a contact survives a vCard write and read: U+0000, whitespace, normalization
/// forms, control characters and long text come back exactly, with two documented changes (docs/VCard.md):
/// vCard text has a single line break, `\n`, so CR and CRLF come back as LF; and the reader trims spaces
/// and tabs around phone numbers, e-mail addresses, URLs and instant message addresses, as other programs
/// pad them (and a phone number loses a leading "tel:").
@Suite struct VCardStringFidelityTests {
    private static let versions: [VCardWritingOptions.Version] = [.v3_0, .v4_0]

    /// The fields whose value the reader trims at both ends.
    private static let trimmedFields: Set<String> = [
        "phoneNumbers.value", "emailAddresses.value", "urlAddresses.value", "socialProfiles.urlString",
    ]

    /// What a vCard reads back for `text` in a field.
    private static func expectedText(_ text: String, in field: ContactStringField) -> String {
        let text = vCardText(text)
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        var scalars = Substring(text).unicodeScalars[...]
        // An instant message address is written after its URI scheme ("x-apple:"), so only its end is
        // trimmed as the end of the value.
        if trimmedFields.contains(field.name) || field.name == "instantMessageAddresses.username" {
            while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        }
        if trimmedFields.contains(field.name) {
            while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        }
        let result = String(String.UnicodeScalarView(scalars))
        // The reader takes a number that starts with "tel:" for vCard 4's URI form of it.
        if field.name == "phoneNumbers.value", result.lowercased().hasPrefix("tel:") {
            return String(result.dropFirst(4))
        }
        return result
    }

    /// The text a vCard reads back for `text`: every CR, LF and CRLF becomes LF.
    private static func vCardText(_ text: String) -> String {
        var result = ""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            if scalar == "\n", previousWasCarriageReturn { continue }
            result.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
        }
        return result
    }

    private static func readBack(_ contacts: [CNContact], version: VCardWritingOptions.Version) throws -> [CNContact] {
        let data = try CNContactVCardSerialization.data(with: contacts, options: VCardWritingOptions(version: version))
        return try CNContactVCardSerialization.contacts(with: data)
    }

    @Test(arguments: ContactStringField.all, versions)
    func everyStringFieldReadsBackAsWritten(field: ContactStringField, version: VCardWritingOptions.Version) throws {
        // An empty label is no label in vCard, and a labeled value needs its value to be written at all.
        let samples = TextSamples.all.map(\.text).filter { !$0.isEmpty }
        let read = try Self.readBack(samples.map(field.contact(holding:)), version: version)
        try #require(read.count == samples.count)
        for (sample, contact) in zip(samples, read) {
            let text = field.value(in: contact)
            let expected = Self.expectedText(sample, in: field)
            // Compared first, so a failure prints the escaped text rather than raw control characters.
            let exact = TextSamples.isExact(text, expected)
            #expect(exact, "\(field): \(TextSamples.escaped(text)) for \(TextSamples.escaped(sample))")
        }
    }

    @Test(arguments: versions)
    func megabyteNoteReadsBackExactly(version: VCardWritingOptions.Version) throws {
        let contact = CNMutableContact()
        contact.givenName = "Long"
        contact.note = TextSamples.megabyte
        let read = try Self.readBack([contact], version: version)
        let note = read.first?.note
        let exact = TextSamples.isExact(note, TextSamples.megabyte)
        #expect(exact, "\(TextSamples.escaped(note))")
    }

    /// The pinned line-break rule, spelled out: each kind of break is written as `\n` and read as LF.
    @Test(arguments: [
        ("a\nb", "NOTE:a\\nb\r\n", "a\nb"),
        ("a\rb", "NOTE:a\\nb\r\n", "a\nb"),
        ("a\r\nb", "NOTE:a\\nb\r\n", "a\nb"),
        ("a\n\rb", "NOTE:a\\n\\nb\r\n", "a\n\nb"),
        ("a\r\n\r\nb", "NOTE:a\\n\\nb\r\n", "a\n\nb"),
    ])
    func lineBreaksAreWrittenAsBackslashNAndReadAsLineFeeds(note: String, line: String, readBack: String) throws {
        let contact = CNMutableContact()
        contact.note = note
        let data = try CNContactVCardSerialization.data(with: [contact])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(line))
        let read = try CNContactVCardSerialization.contacts(with: data).first?.note
        let exact = TextSamples.isExact(read, readBack)
        #expect(exact, "\(TextSamples.escaped(read))")
    }
}
