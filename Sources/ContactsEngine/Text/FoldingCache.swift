import Foundation
import Synchronization

/// Remembers the folded form of non-ASCII text, which Foundation's diacritic folding makes slowly.
///
/// Names repeat: an address book holds a few hundred distinct given names for thousands of contacts, and
/// folding "Søren" costs a few microseconds each time, about a tenth of a save's time before this cache.
/// ASCII text folds by lower-casing and is never cached. The cache empties itself when full, so its memory
/// stays bounded; it changes no result, as folding is a pure function of the text.
package final class FoldingCache: Sendable {
    /// Entries kept at most before the cache starts over.
    static let capacity = 4_096

    private let entries = Mutex<[String: String]>([:])

    package init() {}

    /// The folded form of a text, as ``TextFolding/fold(_:)`` gives it.
    package func fold(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return TextFolding.fold(text) }
        if let folded = entries.withLock({ $0[text] }) { return folded }
        let folded = TextFolding.fold(text)
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = folded
        }
        return folded
    }
}
