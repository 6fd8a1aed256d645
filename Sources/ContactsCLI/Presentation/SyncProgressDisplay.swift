import ContactsSync
import Foundation
import Synchronization

/// The progress bar of `accounts sync`: a bar per address book and phase (listing, downloading, uploading),
/// drawn under the ``ProgressBar`` rules: on a terminal only, once the whole sync has taken a second.
///
/// The sync reports from its own task, so the bar is behind a lock.
package final class SyncProgressDisplay: Sendable {
    private struct State {
        var bar: ProgressBar?
        var container = ""
        var phase: SyncProgress.Phase?
    }

    private let state = Mutex(State())
    private let enabled: Bool
    private let start: Date
    private let clock: @Sendable () -> Date
    private let sink: @Sendable (String) -> Void

    package init(
        enabled: Bool = StandardStreams.errorIsTerminal, clock: @escaping @Sendable () -> Date = Date.init,
        sink: @escaping @Sendable (String) -> Void = StandardStreams.writeError
    ) {
        self.enabled = enabled
        self.clock = clock
        self.sink = sink
        self.start = clock()
    }

    /// Takes a report of the sync; a new book or phase starts a new bar.
    package func report(_ progress: SyncProgress) {
        guard enabled else { return }
        state.withLock { state in
            if progress.phase == .finishing {
                state.bar?.finish()
                state.bar = nil
                state.phase = nil
                return
            }
            if state.bar == nil || state.container != progress.containerIdentifier || state.phase != progress.phase {
                // The old bar is cleared first: a shorter title would leave the end of the longer one.
                state.bar?.finish()
                state.bar = ProgressBar(
                    title: Self.title(of: progress.phase), total: progress.total, enabled: true, start: start,
                    clock: clock, sink: sink)
                state.container = progress.containerIdentifier
                state.phase = progress.phase
            }
            state.bar?.update(progress.completed)
        }
    }

    /// Clears the bar before anything else is written.
    package func finish() {
        state.withLock { state in
            state.bar?.finish()
            state.bar = nil
            state.phase = nil
        }
    }

    static func title(of phase: SyncProgress.Phase) -> String {
        switch phase {
        case .listing: "Listing"
        case .downloading: "Downloading"
        case .uploading: "Uploading"
        case .finishing: "Finishing"
        }
    }
}
