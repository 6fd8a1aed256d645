import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

@Suite struct VCardStreamReaderTests {
    @Test(arguments: [1, 2, 3, 7, 64, 1000])
    func everyChunkSizeGivesTheSameCards(_ size: Int) throws {
        for path in ["aosp/v21_complicated.vcf", "ezvcard/John_Doe_ANDROID.vcf", "kcontacts/vcard10.vcf"] {
            let data = try VCardTestSupport.corpusData(path)
            let whole = try VCardReader.read(data)
            let chunked = try VCardChunkedReading.cards(data, size: size)
            #expect(chunked.count == whole.count)
            for (left, right) in zip(whole, chunked) {
                #expect(VCardTestSupport.differences(left.contact, right.contact) == [])
                #expect(left.unknownProperties == right.unknownProperties)
            }
        }
    }

    @Test func readsFromAFileHandleCardByCard() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("cards.vcf")
        let contacts = (0..<500).map { index -> CNContact in
            let contact = CNMutableContact()
            contact.givenName = "Person \(index)"
            contact.phoneNumbers = [
                CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "555-\(index)"))
            ]
            return contact
        }
        try CNContactVCardSerialization.data(with: contacts).write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var reader = VCardStreamReader(fileHandle: handle, chunkSize: 4096)
        var names: [String] = []
        while let card = try reader.next() {
            names.append(card.contact.givenName)
        }
        #expect(names == contacts.map(\.givenName))
    }

    @Test func aTruncatedStreamThrowsAfterTheCompleteCards() throws {
        var reader = VCardStreamReader(bytes: Array("BEGIN:VCARD\r\nFN:a\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:b\r\n".utf8))
        #expect(try reader.next()?.contact.givenName == "a")
        #expect(throws: VCardParseError(.unterminatedCard, line: 4)) { try reader.next() }
    }
}
