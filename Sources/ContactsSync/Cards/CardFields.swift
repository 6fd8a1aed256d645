/// A card's properties grouped into fields, the unit of change detection and merging: a field is one modeled
/// property of the contact (all its phone numbers, its name parts, its photo) or one unknown property name.
///
/// Grouped companions (`item1.X-ABLabel` with `item1.TEL`) belong to their main property's field, and are
/// compared without their group names, which writers number freely.
struct CardFields: Sendable, Equatable {
    /// Each field's entries in card order; an entry is a main property's text and its companions' texts.
    private(set) var entries: [String: [[String]]] = [:]

    /// Properties that say nothing about the contact: never compared, never replaced.
    static let metaProperties: Set<String> = ["VERSION", "PRODID", "REV", "BEGIN", "END"]
    /// Properties whose values form a set: order does not matter, and both sides' changes merge.
    static let setFields: Set<String> = ["CATEGORIES", "MEMBER", "X-ADDRESSBOOKSERVER-MEMBER"]
    /// Companions that describe the main property of their group.
    private static let companions: Set<String> = ["X-ABLABEL", "X-ABADR"]
    /// Properties that are part of another field: the name's parts, the organization's phonetic name.
    private static let aliases: [String: String] = [
        "FN": "N", "SORT-STRING": "N", "X-PHONETIC-FIRST-NAME": "N", "X-PHONETIC-MIDDLE-NAME": "N",
        "X-PHONETIC-LAST-NAME": "N", "X-MAIDENNAME": "N", "X-PHONETIC-ORG": "ORG", "X-ABSHOWAS": "KIND",
    ]

    init(_ card: CardLines) {
        let keys = Self.keys(of: card)
        var groupEntries: [String: Int] = [:]
        for (property, key) in zip(card.properties, keys) {
            guard let key else { continue }
            let text = property.unfoldedWithoutGroup
            if let group = property.group {
                if let index = groupEntries[group] {
                    entries[key, default: []][index].append(text)
                    continue
                }
                groupEntries[group] = entries[key, default: []].count
            }
            entries[key, default: []].append([text])
        }
        // Companions compare as a set, after the main property's text.
        for (key, list) in entries {
            entries[key] = list.map { entry in [entry[0]] + entry.dropFirst().sorted() }
            if Self.setFields.contains(key) { entries[key] = entries[key]?.sorted { $0.lexicographicallyPrecedes($1) } }
        }
    }

    /// The field of each property of a card, nil for meta properties.
    static func keys(of card: CardLines) -> [String?] {
        var mainOfGroup: [String: String] = [:]
        for property in card.properties {
            guard let group = property.group, !companions.contains(property.name), mainOfGroup[group] == nil else {
                continue
            }
            mainOfGroup[group] = property.name
        }
        return card.properties.map { property in
            let name = property.group.flatMap { mainOfGroup[$0] } ?? property.name
            guard !metaProperties.contains(name) else { return nil }
            return aliases[name] ?? name
        }
    }

    /// The fields whose entries differ between two cards.
    func changedFields(comparedTo other: CardFields) -> Set<String> {
        var changed: Set<String> = []
        for key in Set(entries.keys).union(other.entries.keys) where entries[key] != other.entries[key] {
            changed.insert(key)
        }
        return changed
    }

    /// A set field's values (each entry's text), for three-way set merges.
    func values(of key: String) -> Set<String> {
        Set((entries[key] ?? []).map { $0.joined(separator: "\n") })
    }

    func entries(of key: String) -> [[String]]? { entries[key] }
}
