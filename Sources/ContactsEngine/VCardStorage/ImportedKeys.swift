/// The UIDs and contact identifiers an import has added so far, kept as hash values, for an import into a
/// container that held no contact when it began.
///
/// In such a container a card's UID can match only a contact of this same import (a card repeating an earlier
/// one). Most UIDs match nothing, and looking each batch's UIDs up in the store cost about 7,500 instructions a
/// card (encoding the list, two index seeks a UID, writing the held rows first), about 5% of an import's
/// writing thread. A UID whose hash is not here cannot match, so it needs no lookup; a UID whose hash is here is
/// looked up as before, so a collision costs a lookup and never a wrong match.
final class ImportedKeys {
    private var hashes: Set<Int> = []

    /// Records a key (a UID, or a contact identifier) of a contact this import added.
    func insert(_ key: String) { hashes.insert(key.hashValue) }

    /// Whether a key may belong to a contact this import added; false means it surely does not.
    func mayContain(_ key: String) -> Bool { hashes.contains(key.hashValue) }
}
