import Foundation

/// Writes a vCard 3.0 file of generated cards, a chunk at a time: names in several scripts, 1-2 phones,
/// an e-mail, an address for half of them, a `UID`, a vendor `X-` property, and a group card per 1,000.
public enum VCardFileGenerator {
    private static let given = ["John", "Maria", "Søren", "Chloé", "Анна", "Ngozi", "Ahmed", "美咲", "지민", "Νίκος"]
    private static let family = [
        "Appleseed", "García", "Østergaard", "Dubois", "Иванова", "Okafor", "Hassan", "山田", "김", "Παππάς",
    ]

    /// Writes `count` contact cards (and `count / 1000` group cards) to a file.
    ///
    /// - Returns: The file's size in bytes.
    @discardableResult
    public static func write(count: Int, to url: URL) throws -> Int {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var chunk = ""
        var size = 0
        for index in 0..<count {
            chunk += card(index)
            if (index + 1) % 1_000 == 0 {
                chunk += groupCard(index / 1_000, members: (index - 999)...index)
            }
            if chunk.utf8.count > 1 << 20 {
                size += chunk.utf8.count
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        size += chunk.utf8.count
        try handle.write(contentsOf: Data(chunk.utf8))
        return size
    }

    static func uid(_ index: Int) -> String {
        "00000000-0000-4000-8000-"
            + String(String(index, radix: 16).uppercased().reversed()).padding(
                toLength: 12, withPad: "0", startingAt: 0)
    }

    static func card(_ index: Int) -> String {
        let givenName = given[index % given.count]
        let familyName = family[(index / given.count) % family.count]
        var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:\(familyName);\(givenName);;;\r\nFN:\(givenName) \(familyName)\r\n"
        text += "TEL;type=CELL;type=VOICE;type=pref:+1 555 \(String(format: "%07d", index))\r\n"
        if index % 3 == 0 { text += "TEL;type=WORK:+44 20 7946 \(String(format: "%04d", index % 10_000))\r\n" }
        text += "EMAIL;type=INTERNET;type=HOME;type=pref:person\(index)@example.com\r\n"
        if index % 2 == 0 {
            text += "item1.ADR;type=HOME;type=pref:;;\(index) Main Street;Springfield;IL;62701;United States\r\n"
            text += "item1.X-ABADR:us\r\n"
        }
        if index % 4 == 0 { text += "ORG:Example Corp;Research\r\n" }
        text += "X-ACME-LOYALTY;X-TIER=gold:\(index)\r\n"
        text += "UID:\(uid(index))\r\nEND:VCARD\r\n"
        return text
    }

    static func groupCard(_ number: Int, members: ClosedRange<Int>) -> String {
        var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Group \(number);;;;\r\nFN:Group \(number)\r\n"
        text += "X-ADDRESSBOOKSERVER-KIND:group\r\n"
        for member in members.prefix(50) {
            text += "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\(uid(member))\r\n"
        }
        return text + "UID:group-\(number)\r\nEND:VCARD\r\n"
    }
}
