import Foundation
import Synchronization

/// Remembers the name index words of non-ASCII name fields, which ``TextFolding/words(_:fold:)`` finds slowly.
///
/// Finding the words of a non-ASCII name looks up Unicode properties scalar by scalar and builds a string a
/// word, after folding it: about a third of the preparing thread's work on an import of the realistic
/// address book, where 41% of names are in non-Latin scripts and many Latin ones have diacritics. Names
/// repeat (a few hundred distinct given names for thousands of contacts), so the words of a field are kept by
/// its text. ASCII fields have their own fast path (``TextFolding/addWords(of:to:cache:)``) and are not kept.
/// The cache empties itself when full, so its memory stays bounded; it changes no result, as the words are a
/// pure function of the text.
package final class NameWordsCache: Sendable {
    /// Entries kept at most before the cache starts over.
    static let capacity = 4_096

    private let entries = Mutex<[String: [String]]>([:])

    package init() {}

    /// Adds the name index words of a text to a set, as ``TextFolding/addWords(of:to:cache:)`` does.
    package func addWords(of text: String, to words: inout Set<String>, folding: FoldingCache) {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else {
            TextFolding.addWords(of: text, to: &words, cache: folding)
            return
        }
        if let known = entries.withLock({ $0[text] }) {
            words.formUnion(known)
            return
        }
        let found = TextFolding.words(text, fold: folding.fold)
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = found
        }
        words.formUnion(found)
    }
}
