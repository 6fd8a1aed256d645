import ContactsModel
import ContactsPrivacy
import Foundation
import Synchronization

/// A ``ContactDirectory`` over a fixed list, recording the snapshot keys it was asked for.
final class InMemoryDirectory: ContactDirectory {
    struct Entry: Sendable {
        var identifier: String
        var name: String
        var emails: Set<String> = []
        var phones: Set<String> = []
    }

    let entries: [Entry]
    private let requestedKeys = Mutex<[Set<String>]>([])

    init(_ entries: [Entry]) {
        self.entries = entries
    }

    var snapshotKeys: [Set<String>] {
        requestedKeys.withLock { $0 }
    }

    func candidates() throws(CNError) -> [ContactCandidate] {
        entries.map { ContactCandidate(identifier: $0.identifier, displayName: $0.name) }
    }

    func matches(for query: AccessButtonQuery, excluding visible: Visibility) throws(CNError) -> [ContactCandidate] {
        entries.filter { entry in
            entry.name.localizedCaseInsensitiveContains(query.queryString) && !visible.contains(entry.identifier)
                && entry.emails.isDisjoint(with: query.ignoredEmails)
                && entry.phones.isDisjoint(with: query.ignoredPhoneNumbers)
        }.map { ContactCandidate(identifier: $0.identifier, displayName: $0.name) }
    }

    func snapshots(of identifiers: [String], keys: Set<String>) throws(CNError) -> [CNContact] {
        requestedKeys.withLock { $0.append(keys) }
        let properties = ContactKeySet(keys.compactMap(ContactProperty.init(key:)))
        return identifiers.map { identifier in
            var storage = ContactStorage(identifier: identifier, fetchedKeys: properties)
            if properties.contains(.emailAddresses), let entry = entries.first(where: { $0.identifier == identifier }) {
                // Each address's identifier is "<contact>-email-<n>", in sorted order, so tests can name one.
                storage.emailAddresses = entry.emails.sorted().enumerated().map { index, address in
                    CNLabeledValue(
                        identifier: "\(identifier)-email-\(index)", label: CNLabelHome, value: address as NSString)
                }
            }
            return CNContact(storage: storage)
        }
    }
}

extension InMemoryDirectory {
    /// Three contacts: Ann (A), Anna (B) and Bob (C).
    static func sample() -> InMemoryDirectory {
        InMemoryDirectory([
            Entry(identifier: "A", name: "Ann Lee", emails: ["ann@example.com"]),
            Entry(identifier: "B", name: "Anna Park", phones: ["+15550100"]),
            Entry(identifier: "C", name: "Bob Stone"),
        ])
    }
}
