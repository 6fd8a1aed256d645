import Foundation

/// A progress bar on standard error, drawn only on a terminal and only once the work has taken a second.
///
/// Nothing is written when standard error is not a terminal, so logs and pipes stay clean.
package struct ProgressBar {
    private let title: String
    private let total: Int
    private let enabled: Bool
    private let clock: () -> Date
    private let sink: (String) -> Void
    private let start: Date
    private var lastDrawn = Date.distantPast
    private var drawn = false

    /// - Parameters:
    ///   - title: A word or two, such as "Checking" or "Importing".
    ///   - total: The amount of work, in any unit (bytes here).
    ///   - enabled: Whether to draw at all; by default, whether standard error is a terminal.
    ///   - clock: The current time; tests inject their own.
    ///   - sink: Where the bar is written; standard error by default.
    ///   - start: When the whole task began, so a task of several passes shows its bar once it has taken a
    ///     second in all; by default, now.
    package init(
        title: String,
        total: Int,
        enabled: Bool = StandardStreams.errorIsTerminal,
        start: Date? = nil,
        clock: @escaping () -> Date = Date.init,
        sink: @escaping (String) -> Void = StandardStreams.writeError
    ) {
        self.title = title
        self.total = max(total, 1)
        self.enabled = enabled
        self.clock = clock
        self.sink = sink
        self.start = start ?? clock()
    }

    /// Reports the work done so far; draws once a second has passed, then at most ten times a second.
    package mutating func update(_ done: Int) {
        guard enabled else { return }
        let now = clock()
        guard now.timeIntervalSince(start) >= 1, now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        drawn = true
        sink("\r" + Self.line(title: title, fraction: min(1, Double(done) / Double(total))))
    }

    /// Clears the bar, if it was drawn.
    package mutating func finish() {
        guard drawn else { return }
        sink("\r\u{1B}[2K")
        drawn = false
    }

    /// The bar for a fraction of the work: `Importing [#######-----...] 23%`.
    package static func line(title: String, fraction: Double) -> String {
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return "\(title) [\(bar)] \(Int(fraction * 100))%"
    }
}
