import Foundation

/// How long the change log keeps rows, and how many.
///
/// A row goes when it is older than ``minimumAge`` and not among the newest ``minimumRows``, or when it is
/// beyond the newest ``maximumRows`` whatever its age. A token older than the last pruned row has expired:
/// fetching history with it gives a drop-everything event and adds, as for a nil token.
package struct HistoryRetention: Sendable, Hashable {
    /// Rows younger than this are kept (unless beyond ``maximumRows``). Default 30 days.
    package var minimumAge: TimeInterval
    /// The newest rows kept whatever their age. Default 10,000.
    package var minimumRows: Int64
    /// The most rows kept: the log's bound on disk (about 100 bytes a row). Default 1,000,000.
    package var maximumRows: Int64
    /// Pruning runs after every this many saves. Default 128.
    package var pruneInterval: Int64

    package init(minimumAge: TimeInterval, minimumRows: Int64, maximumRows: Int64, pruneInterval: Int64 = 128) {
        self.minimumAge = minimumAge
        self.minimumRows = minimumRows
        self.maximumRows = maximumRows
        self.pruneInterval = pruneInterval
    }

    /// Thirty days, 10,000 rows at least, 1,000,000 rows at most.
    package static let standard = HistoryRetention(
        minimumAge: 30 * 24 * 3600, minimumRows: 10_000, maximumRows: 1_000_000)
}
