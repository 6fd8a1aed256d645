/// Text by `itemN` group for one card (labels, country codes and the other companions of grouped values).
///
/// A card has a handful of groups, so the table scans a short array and compares small strings (`item1` is held
/// inline), where a dictionary hashed the group on every store and lookup: 1.6% of reading the realistic cards
/// went to dictionary lookups alone. Past ``scanLimit`` entries (a card with hundreds of groups, hostile or not)
/// it moves to a dictionary, so a lookup never costs more than a few dozen comparisons.
struct VCardGroupTable {
    private var entries: [(group: String, text: String)] = []
    private var overflow: [String: String]?

    /// The most entries scanned before the table becomes a dictionary.
    static let scanLimit = 16

    var isEmpty: Bool { entries.isEmpty && overflow == nil }

    /// The text stored for a group; nil when it has none.
    subscript(group: String) -> String? {
        if let overflow { return overflow[group] }
        for entry in entries where entry.group == group {
            return entry.text
        }
        return nil
    }

    /// Stores the text for a group unless it already has one (the first wins); true when it was stored.
    mutating func insertIfAbsent(_ text: String, for group: String) -> Bool {
        if overflow != nil {
            guard overflow?[group] == nil else { return false }
            overflow?[group] = text
            return true
        }
        if self[group] != nil { return false }
        if entries.count == Self.scanLimit {
            var table = [String: String](minimumCapacity: Self.scanLimit * 2)
            for entry in entries { table[entry.group] = entry.text }
            table[group] = text
            overflow = table
            return true
        }
        entries.append((group, text))
        return true
    }

    /// Empties the table, keeping the capacity of its array for the next card.
    mutating func removeAll() {
        overflow = nil
        // `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange`; see `VCardCardBuilder.reset`.
        while !entries.isEmpty { entries.removeLast() }
    }
}
