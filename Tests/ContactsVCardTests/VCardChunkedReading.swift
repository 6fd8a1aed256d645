import Foundation

@testable import ContactsVCard

/// Reading a vCard file the way a stream does: in chunks of `size` bytes, so every line goes through the
/// scanner's joining path (a line is only handed out in place when the whole input is in memory).
enum VCardChunkedReading {
    static func cards(_ data: Data, size: Int) throws -> [VCardCard] {
        var offset = 0
        var reader = VCardStreamReader(chunks: {
            guard offset < data.count else { return nil }
            let end = min(offset + size, data.count)
            defer { offset = end }
            return data.subdata(in: offset..<end)
        })
        var cards: [VCardCard] = []
        while let card = try reader.next() { cards.append(card) }
        return cards
    }
}
