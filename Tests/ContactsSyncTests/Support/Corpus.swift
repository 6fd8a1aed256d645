import Foundation

/// The vCard corpus copied into Fixtures/corpus, split into one card per resource as a server holds them.
enum Corpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/corpus")

    /// Every corpus file, relative to the folder, sorted.
    static var files: [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".vcf") { result.append(path) }
        }
        return result.sorted()
    }

    /// The one file the vCard reader rejects (no END:VCARD), with its line.
    static let malformed: Set<String> = ["khard/unparsable.vcf"]

    /// A card with a `UID` line added before its last `END:VCARD` when it has none.
    static func addingUID(_ uid: String, to card: [UInt8]) -> [UInt8] {
        // Matched on bytes: cards in other character sets (Shift_JIS) are not UTF-8.
        let upper = card.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
        func find(_ text: String, from end: Bool) -> Int? {
            let needle = Array(text.utf8)
            guard upper.count >= needle.count else { return nil }
            let starts = Array(0...(upper.count - needle.count))
            return (end ? starts.reversed() : starts).first { Array(upper[$0..<($0 + needle.count)]) == needle }
        }
        guard find("\nUID:", from: false) == nil, find("\nUID;", from: false) == nil,
            let offset = find("END:VCARD", from: true)
        else { return card }
        return Array(card[..<offset]) + Array("UID:\(uid)\r\n".utf8) + Array(card[offset...])
    }

    /// The cards of a file, each as its own bytes (nested AGENT cards stay inside their card).
    static func cards(of path: String) throws -> [[UInt8]] {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))
        var cards: [[UInt8]] = []
        var current: [UInt8] = []
        var depth = 0
        var start = 0
        for index in bytes.indices where bytes[index] == 10 || index == bytes.count - 1 {
            let line = Array(bytes[start...index])
            start = index + 1
            let text = String(decoding: line, as: UTF8.self).uppercased().trimmingCharacters(
                in: .whitespacesAndNewlines)
            if text.hasSuffix("BEGIN:VCARD") { depth += 1 }
            if depth > 0 { current += line }
            if text == "END:VCARD" {
                depth -= 1
                if depth == 0 {
                    cards.append(current)
                    current = []
                }
            }
        }
        return cards
    }
}
