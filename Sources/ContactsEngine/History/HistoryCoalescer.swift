/// Coalesces change-log rows per object, as Apple's change history does.
///
/// Per contact or group: add then updates is one add; add then delete is nothing; updates are one update;
/// update then delete is a delete; delete then add (an identifier that came back, such as a card unlinked
/// again) is an update. Per membership or subgroup pair: the store logs only real changes, so adds and
/// removes alternate; an even number cancels out, an odd number leaves the first. Changes come out in the
/// order their objects first changed.
package struct HistoryCoalescer {
    private enum Key: Hashable {
        case contact(String)
        case group(String)
        case member(String, String)
        case subgroup(String, String)
    }

    private enum State {
        case added, updated, deleted
        case pair(first: Bool, last: Bool)
    }

    /// Keys in first-change order; an entry counts only while its position is the key's current one, so
    /// a cancelled object that changes again moves to the end without an O(n) removal.
    private var order: [Key] = []
    private var states: [Key: (state: State, position: Int)] = [:]

    package init() {}

    package mutating func apply(_ row: HistoryRow) {
        switch row.operation {
        case .addContact: applyRecord(.contact(row.identifier), .added)
        case .updateContact: applyRecord(.contact(row.identifier), .updated)
        case .deleteContact: applyRecord(.contact(row.identifier), .deleted)
        case .addGroup: applyRecord(.group(row.identifier), .added)
        case .updateGroup: applyRecord(.group(row.identifier), .updated)
        case .deleteGroup: applyRecord(.group(row.identifier), .deleted)
        case .addMember: applyPair(.member(row.identifier, row.related ?? ""), isAdd: true)
        case .removeMember: applyPair(.member(row.identifier, row.related ?? ""), isAdd: false)
        case .addSubgroup: applyPair(.subgroup(row.identifier, row.related ?? ""), isAdd: true)
        case .removeSubgroup: applyPair(.subgroup(row.identifier, row.related ?? ""), isAdd: false)
        }
    }

    private mutating func start(_ key: Key, _ state: State) {
        states[key] = (state, order.count)
        order.append(key)
    }

    private mutating func applyRecord(_ key: Key, _ next: State) {
        guard let (previous, position) = states[key] else {
            start(key, next)
            return
        }
        switch (previous, next) {
        case (.added, .deleted):
            // Never seen by the reader: nothing to report. A later add starts afresh at the end.
            states[key] = nil
        case (.added, _):
            break
        case (.deleted, .added), (.deleted, .updated):
            states[key] = (.updated, position)
        default:
            states[key] = (next, position)
        }
    }

    private mutating func applyPair(_ key: Key, isAdd: Bool) {
        guard let (state, position) = states[key], case .pair(let first, _) = state else {
            start(key, .pair(first: isAdd, last: isAdd))
            return
        }
        states[key] = (.pair(first: first, last: isAdd), position)
    }

    /// The coalesced changes in the order their objects first changed.
    package var changes: [HistoryChange] {
        order.enumerated().compactMap { position, key -> HistoryChange? in
            guard let (state, current) = states[key], current == position else { return nil }
            switch (key, state) {
            case (.contact(let id), .added): return .addContact(id)
            case (.contact(let id), .updated): return .updateContact(id)
            case (.contact(let id), .deleted): return .deleteContact(id)
            case (.group(let id), .added): return .addGroup(id)
            case (.group(let id), .updated): return .updateGroup(id)
            case (.group(let id), .deleted): return .deleteGroup(id)
            case (.member(let contact, let group), .pair(let first, let last)):
                guard first == last else { return nil }
                return first
                    ? .addMember(contact: contact, group: group) : .removeMember(contact: contact, group: group)
            case (.subgroup(let child, let group), .pair(let first, let last)):
                guard first == last else { return nil }
                return first ? .addSubgroup(child, group: group) : .removeSubgroup(child, group: group)
            default:
                return nil
            }
        }
    }
}
