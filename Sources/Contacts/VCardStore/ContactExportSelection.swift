import Foundation

/// Which contacts an export writes.
///
/// ```swift
/// try store.exportVCards(to: url, selection: .group(identifier: friends.identifier))
/// ```
///
/// Parity: our addition.
public enum ContactExportSelection {
    /// Every contact of the store, then every group.
    case all
    /// The members of a group, then that group.
    case group(identifier: String)
    /// The contacts a `CNContact` predicate selects; no group cards.
    case predicate(NSPredicate)
}
