import ContactsModel
import ContactsVCard
import Foundation

/// libFuzzer entry point: reads the input as vCard data, and when it parses, writes the cards and reads
/// them back. Any crash, sanitizer report or timeout is a bug; thrown parse errors are expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVCard(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    guard let cards = try? VCardReader.read(data) else { return 0 }
    let written = VCardWriter.data(for: cards)
    guard let again = try? VCardReader.read(written) else {
        fatalError("written cards do not parse")
    }
    if again.count != cards.count {
        fatalError("card count changed in a round trip")
    }
    _ = VCardWriter.data(for: cards, options: VCardWritingOptions(version: .v4_0))
    return 0
}
