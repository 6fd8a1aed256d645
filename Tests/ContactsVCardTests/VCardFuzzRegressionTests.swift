import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

/// Inputs the fuzzer (Fuzz/run.sh) found, kept so the bugs stay fixed: each must read, write and read back.
@Suite struct VCardFuzzRegressionTests {
    static let inputs: [String] = [
        // A parameter value spelling QUOTED-PRINTABLE and a value ending in "=" swallowed END:VCARD.
        "QkVHSU46VkNBUkQNClZFUlNJT046Ny4wDQpGTjrlronol6Qg44OtPeOCpOODiQ0KTjtTT1JULUFTPSLjgYLjgpPjganjgYY744KN44GE44GpIjrlronol6St44Kk2NjY2NjY2NjY2HrY2NjY2NjY2NjY2NjY2NjY2NhUVFRUVFRUVFRUVFRUVFRUVFRUVFRUVFRUVFRUVFRUVNjYh9jY2NjY2NjY2NjY44OJOzs7DQpJUkc7VFlXRVA9T1JLO1NPUlQtQVM9WC1NRVNTL0dJTkcvVFdJVFRFPSLjgYLjgpPjganjgYY744KN44GE44GpIjrlronol6St44Kk2NjY2NjY2NjY2FFVT1RFRC1QUklOVEFCTEXY2NhUVFRUVFRUVFRUVFRUVFRURT0i44GC44KT44Gp44GGO+OCjeOBhOOBqSI65a6J6JekreOCpNjY2NjY2NjY2Nh62NjY2NjY2NjY2NjY2NjY2NjYVFRUVFRUVFRUVFRUVFRUVFRUVNjYh9jY2NjY2NjY2NjY44OJOzs7DS9JUkc7VFJLO1NPUlQtQVM9WC1NRVNTQUdJTkcvVFdJVFRFUi1BTEzjgY/jgbbjgoLjgpMiQVM9WC1NRVNTQUdJTkcvVFdJVFRFUi1BTEzjgY/jgbbjgoLjgpMiOuOCsOODvOOCa2Vp44KTIv7///////+3OuOCsOODvOOCa2VpczvmpCDnX6Lpg6jploA9DQpFTkQ6VkNBUkQNCg=="
    ]

    @Test(arguments: inputs)
    func fuzzFoundInputRoundTrips(_ base64: String) throws {
        let data = try #require(Data(base64Encoded: base64))
        let cards = try VCardReader.read(data)
        let again = try VCardReader.read(VCardWriter.data(for: cards))
        #expect(again.count == cards.count)
        #expect(again.map(\.unknownProperties) == cards.map(\.unknownProperties))
    }

    @Test func encodingWordsInsideParameterValuesAreNotEncodings() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nX-FOO;X-NOTE=\"QUOTED-PRINTABLE\":a=\r\nEND:VCARD\r\n"
        let card = try #require(try VCardTestSupport.cards(text: text).first)
        #expect(card.unknownProperties.map(\.value) == ["a="])
    }
}
