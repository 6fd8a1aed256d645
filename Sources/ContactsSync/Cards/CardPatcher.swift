/// Rewrites a card with some fields taken from another card, keeping every other property byte for byte:
/// how a local edit goes to the server without touching the lines it did not change (unknown properties,
/// `X-ABLabel` companions, photos, folding, line breaks).
enum CardPatcher {
    /// The base card with the properties of some fields replaced by the source card's properties of those
    /// fields, at the place the first replaced property was (or before `END:VCARD` for new fields).
    ///
    /// Groups of inserted properties are renamed so they do not collide with the groups base keeps; line breaks
    /// are CRLF.
    ///
    /// - Returns: The new card, or nil when the base card cannot be rewritten property by property.
    static func patch(_ base: CardLines, replacing fields: Set<String>, from source: CardLines) -> [UInt8]? {
        guard base.isPatchable, source.isPatchable else { return nil }
        guard !fields.isEmpty else { return withLineBreaks(base.bytes, [13, 10]) }
        let baseKeys = CardFields.keys(of: base)
        let sourceKeys = CardFields.keys(of: source)
        var usedGroups: Set<String> = []
        for (property, key) in zip(base.properties, baseKeys) where key.map({ !fields.contains($0) }) ?? true {
            if let group = property.group { usedGroups.insert(group.lowercased()) }
        }
        var renamed: [String: String] = [:]
        var nextItem = 1
        func freshGroup(for group: String) -> String {
            if let name = renamed[group] { return name }
            while usedGroups.contains("item\(nextItem)") { nextItem += 1 }
            let name = "item\(nextItem)"
            usedGroups.insert(name)
            renamed[group] = name
            return name
        }
        func lines(of field: String) -> [CardLines.Property] {
            zip(source.properties, sourceKeys).compactMap { property, key in
                guard key == field else { return nil }
                return property.group.map { CardLines.regrouped(property, as: freshGroup(for: $0)) } ?? property
            }
        }

        var result = base
        result.properties = []
        var inserted: Set<String> = []
        for (property, key) in zip(base.properties, baseKeys) {
            guard let key, fields.contains(key) else {
                result.properties.append(property)
                continue
            }
            if inserted.insert(key).inserted { result.properties += lines(of: key) }
        }
        var remaining: [String] = []
        for key in sourceKeys.compactMap({ $0 })
        where fields.contains(key) && !inserted.contains(key) && !remaining.contains(key) {
            remaining.append(key)
        }
        for key in remaining { result.properties += lines(of: key) }
        // vCard lines end in CRLF (RFC 6350 §3.2). The base card may have come through XML, whose parsers turn
        // CRLF into LF, so every line break is written as CRLF again.
        return withLineBreaks(result.bytes, [13, 10])
    }

    /// Bytes with every line break made the given one.
    static func withLineBreaks(_ raw: [UInt8], _ lineBreak: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == 13, index + 1 < raw.count, raw[index + 1] == 10 {
                result += lineBreak
                index += 2
            } else if byte == 10 {
                result += lineBreak
                index += 1
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }
}
