/// A contact's name index tokens kept in its own row, `contact.name_words`: each token preceded by U+0001, in
/// sorted order; empty when the contact has none.
///
/// `name_index` finds the contacts whose token starts with a word (its key leads with the token). Finding a
/// contact's own tokens, to delete them with the contact or replace them when its names change, and checking
/// one contact for a common word, took a second B-tree keyed by contact (`name_index_contact`), which every new
/// token was inserted into too: four of a contact's 26 B-tree inserts in an import of the realistic book. The
/// tokens in the row cost bytes, not inserts, and the check reads the row the search reads anyway.
enum NameWordsColumn {
    /// Precedes every token. No token holds it: words are runs of letters, marks and digits.
    static let separator = "\u{1}"

    /// The column's text for a contact's tokens, in byte order (SQLite's, so the migration lists them alike).
    ///
    /// Compared and searched as UTF-8 bytes: `String`'s own comparison and `contains` work on characters,
    /// with Unicode equivalence, and made this a sixth of the reading thread's work in an import.
    static func encode(_ tokens: Set<String>) -> String {
        guard !tokens.isEmpty else { return "" }
        var sorted = Array(tokens)
        if sorted.count > 1 { sorted.sort(by: precedes) }
        let length = sorted.reduce(0) { $0 + $1.utf8.count + 1 }
        // Bytes copied into one buffer, made a string once: appending strings cost twice as much.
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            for token in sorted {
                token.utf8.withContiguousStorageIfAvailable { bytes in
                    guard let base = bytes.baseAddress, let target = buffer.baseAddress, !bytes.contains(1) else {
                        return
                    }
                    target[end] = 1
                    (target + end + 1).update(from: base, count: bytes.count)
                    end += 1 + bytes.count
                }
            }
            return end
        }
    }

    /// Byte order; tokens are native strings, whose bytes are at hand.
    private static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.withContiguousStorageIfAvailable { a in
            second.utf8.withContiguousStorageIfAvailable { b in a.lexicographicallyPrecedes(b) }
        }.flatMap { $0 } ?? first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// The tokens of a column's text.
    static func decode(_ text: String) -> [String] {
        text.split(separator: separator, omittingEmptySubsequences: true).map(String.init)
    }

    /// The argument of the check `instr(name_words, ?) > 0`, which holds exactly when one of the contact's
    /// tokens starts with `word` (folded as tokens are): the separator, then the word, occurs only at a token's
    /// start.
    static func probe(_ word: String) -> String { separator + word }
}
