import Foundation

/// One vCard split into its properties, each kept as the exact bytes it was sent as (folded lines, line
/// breaks and all), so a card can be rewritten with only some properties replaced.
///
/// Only the structure is read here (where a property starts and ends, its group and name); values are the
/// vCard reader's business. A card this cannot split cleanly (several cards, nested cards) is ``isPatchable``
/// false and is replaced whole when it changes.
struct CardLines: Sendable {
    /// One property: its raw bytes and what identifies it.
    struct Property: Sendable, Hashable {
        /// The property's bytes, from its first character to its last line break included.
        var raw: [UInt8]
        /// The group (`item1` in `item1.TEL`), nil when none.
        var group: String?
        /// The name, upper-cased.
        var name: String

        /// The property unfolded, without its group and line break: what two properties are compared by.
        var unfoldedWithoutGroup: String {
            var text = CardLines.unfold(raw)
            if let group, text.count > group.utf8.count, text.utf8.starts(with: (group + ".").utf8) {
                text.removeFirst(group.count + 1)
            }
            return text
        }
    }

    /// The bytes before the first property (`BEGIN:VCARD` and anything before it).
    var head: [UInt8] = []
    /// The properties between `BEGIN:VCARD` and `END:VCARD`, in order.
    var properties: [Property] = []
    /// `END:VCARD` and what follows.
    var tail: [UInt8] = []
    /// The card's line break: CRLF, or LF when the card used bare LF.
    var lineBreak: [UInt8] = [13, 10]
    /// Whether the card is one plain card that can be rewritten property by property.
    var isPatchable = true

    /// The card's `VERSION`, or nil.
    var version: String? {
        properties.first { $0.name == "VERSION" }.map { Self.value(of: $0) }
    }

    init(_ bytes: [UInt8]) {
        var lines = Self.splitLines(bytes)
        guard let first = lines.firstIndex(where: { Self.upperText($0).hasPrefix("BEGIN:VCARD") }) else {
            isPatchable = false
            head = bytes
            return
        }
        if lines[first].count >= 2, lines[first][lines[first].count - 2] != 13 { lineBreak = [10] }
        head = lines[..<first].flatMap { $0 } + lines[first]
        lines.removeFirst(first + 1)
        var current: [UInt8]?
        var quotedPrintableSoftBreak = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let text = Self.upperText(line)
            if text.hasPrefix("END:VCARD") && !quotedPrintableSoftBreak {
                if let current { properties.append(Self.property(current)) }
                tail = lines[index...].flatMap { $0 }
                // Anything but blank lines after the end means more than one card.
                if lines[(index + 1)...].contains(where: {
                    !Self.upperText($0).trimmingCharacters(in: .whitespaces).isEmpty
                }) {
                    isPatchable = false
                }
                return
            }
            if text.hasPrefix("BEGIN:VCARD") { isPatchable = false }
            let continues = line.first == 32 || line.first == 9 || quotedPrintableSoftBreak
            if continues, current != nil {
                current?.append(contentsOf: line)
            } else {
                if let current { properties.append(Self.property(current)) }
                current = line
            }
            quotedPrintableSoftBreak = Self.endsWithSoftBreak(line) && (current.map(Self.isQuotedPrintable) ?? false)
            index += 1
        }
        // No END:VCARD: not a card that can be rewritten.
        if let current { properties.append(Self.property(current)) }
        isPatchable = false
    }

    /// The card's bytes.
    var bytes: [UInt8] {
        var result = head
        for property in properties { result += property.raw }
        return result + tail
    }

    // MARK: Reading lines

    /// Lines with their line breaks; a last line without one is kept as it is.
    private static func splitLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 10 {
            lines.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        return lines
    }

    private static func upperText(_ line: [UInt8]) -> String {
        String(decoding: line, as: UTF8.self).uppercased()
    }

    private static func endsWithSoftBreak(_ line: [UInt8]) -> Bool {
        var end = line.count
        while end > 0, line[end - 1] == 10 || line[end - 1] == 13 { end -= 1 }
        return end > 0 && line[end - 1] == UInt8(ascii: "=")
    }

    /// Whether a property's parameters ask for quoted-printable (vCard 2.1), whose lines end in `=` when they
    /// continue.
    private static func isQuotedPrintable(_ raw: [UInt8]) -> Bool {
        let header = raw.prefix { $0 != UInt8(ascii: ":") }
        return String(decoding: header, as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
    }

    private static func property(_ raw: [UInt8]) -> Property {
        // The name ends at the first ';' or ':'; a '.' before it ends the group.
        let nameEnd = raw.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? raw.count
        let qualified = String(decoding: raw[..<nameEnd], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if let dot = qualified.firstIndex(of: ".") {
            return Property(
                raw: raw, group: String(qualified[..<dot]),
                name: String(qualified[qualified.index(after: dot)...]).uppercased())
        }
        return Property(raw: raw, group: nil, name: qualified.uppercased())
    }

    /// A property's bytes unfolded into one line of text, without the line break.
    static func unfold(_ raw: [UInt8]) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == 13 || byte == 10 {
                var next = index + 1
                if byte == 13, next < raw.count, raw[next] == 10 { next += 1 }
                // A folded line continues after one space or tab.
                if next < raw.count, raw[next] == 32 || raw[next] == 9 { next += 1 }
                index = next
                continue
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The text after the first colon of a property.
    static func value(of property: Property) -> String {
        let text = unfold(property.raw)
        guard let colon = text.firstIndex(of: ":") else { return "" }
        return String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    }

    /// A property's bytes with its group replaced (or removed for nil).
    static func regrouped(_ property: Property, as group: String?) -> Property {
        var raw = property.raw
        if let old = property.group { raw.removeFirst(old.utf8.count + 1) }
        if let group { raw.insert(contentsOf: Array((group + ".").utf8), at: 0) }
        return Property(raw: raw, group: group, name: property.name)
    }
}
