import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

@Suite struct VCardErrorTests {
    static let malformed: [(String, Int)] = [
        ("BEGIN:VCARD\r\nFN:a\r\n", 1),
        ("hello\r\n", 1),
        ("\r\nBEGIN:VCARD\r\nFN:a\r\nEND:VCARD\r\nEND:VCARD\r\n", 5),
        ("BEGIN:VCARD\r\nFN:a\r\nEND:VCARD\r\ntrailing garbage\r\n", 4),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nthis is not a property\r\nEND:VCARD\r\n", 3),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\nN\u{e9}:x\r\nEND:VCARD\r\n", 3),
        ("BEGIN:VCARD\r\nBEGIN:VCARD\r\nEND:VCARD\r\n", 1),
        ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", 1),
    ]

    @Test(arguments: malformed)
    func malformedInputThrowsVCardMalformedWithTheLine(_ text: String, _ line: Int) {
        do {
            _ = try CNContactVCardSerialization.contacts(with: Data(text.utf8))
            Issue.record("malformed input parsed")
        } catch let error as CNError {
            #expect(error.code == .vCardMalformed)
            #expect(error.lineNumber == line)
            #expect((error as NSError).domain == CNErrorDomain)
            #expect((error as NSError).code == 700)
        } catch {
            Issue.record("unexpected error type")
        }
    }

    @Test func errorDescriptionNamesTheLineButNoCardText() {
        let text = "BEGIN:VCARD\r\nN:Secret;Name\r\nsecret number 555\r\nEND:VCARD\r\n"
        do {
            _ = try CNContactVCardSerialization.contacts(with: Data(text.utf8))
            Issue.record("malformed input parsed")
        } catch {
            let description = "\(error) \((error as NSError).userInfo)"
            #expect(description.contains("3"))
            #expect(!description.contains("Secret"))
            #expect(!description.contains("555"))
        }
    }

    /// Arbitrary bytes never crash the reader: every prefix of every corpus file either parses or throws.
    @Test(arguments: VCardTestSupport.corpusFiles.filter { $0.hasPrefix("aosp/") || $0.hasPrefix("khard/") })
    func everyPrefixOfACorpusFileParsesOrThrows(_ path: String) throws {
        let data = try VCardTestSupport.corpusData(path)
        let step = max(1, data.count / 97)
        for length in stride(from: 0, through: data.count, by: step) {
            _ = try? VCardReader.read(data.prefix(length))
        }
    }
}
