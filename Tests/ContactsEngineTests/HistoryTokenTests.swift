import Foundation
import Testing

@testable import ContactsEngine

@Suite struct HistoryTokenTests {
    @Test(arguments: [Int64(0), 1, 1_000_000, Int64.max])
    func tokenRoundTripsThroughItsBytes(sequence: Int64) throws {
        let token = HistoryToken(storeIdentifier: UUID(), epoch: 3, sequence: sequence)
        #expect(token.data.count == 37)
        #expect(HistoryToken(data: token.data) == token)
    }

    @Test(arguments: [Data(), Data("CNHT".utf8), Data(repeating: 0, count: 37), Data(repeating: 0xFF, count: 37)])
    func malformedBytesAreNoToken(data: Data) {
        #expect(HistoryToken(data: data) == nil)
    }

    @Test func anotherVersionByteIsNoToken() {
        var bytes = [UInt8](HistoryToken(storeIdentifier: UUID(), epoch: 1, sequence: 5).data)
        bytes[4] = 2
        #expect(HistoryToken(data: Data(bytes)) == nil)
    }
}
