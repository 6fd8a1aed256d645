import Foundation

/// A progress bar on standard error, drawn only on a terminal and only once the work has taken a second.
///
/// Nothing is written when standard error is not a terminal, so logs and pipes stay clean.
package struct ProgressBar {
    private let title: String
    private let total: Int
    private let enabled: Bool
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private var drawn = false

    /// - Parameters:
    ///   - title: A word or two, such as "Checking" or "Importing".
    ///   - total: The amount of work, in any unit (bytes here).
    ///   - enabled: Whether to draw at all; by default, whether standard error is a terminal.
    package init(title: String, total: Int, enabled: Bool = StandardStreams.errorIsTerminal) {
        self.title = title
        self.total = max(total, 1)
        self.enabled = enabled
    }

    /// Reports the work done so far; redraws at most ten times a second.
    package mutating func update(_ done: Int) {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(start) >= 1, now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        drawn = true
        let fraction = min(1, Double(done) / Double(total))
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        StandardStreams.writeError("\r\(title) [\(bar)] \(Int(fraction * 100))%")
    }

    /// Clears the bar, if it was drawn.
    package mutating func finish() {
        guard drawn else { return }
        StandardStreams.writeError("\r\u{1B}[2K")
        drawn = false
    }
}
