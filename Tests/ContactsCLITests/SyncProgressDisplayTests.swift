import Foundation
import Synchronization
import Testing

@testable import ContactsCLI
// SyncProgress has no public initializer: only a sync makes one.
@testable import ContactsSync

/// The progress bar of `accounts sync`: a bar per book and phase, under the progress bar's rules.
@Suite struct SyncProgressDisplayTests {
    final class Recorder: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 0))
        let written = Mutex<[String]>([])

        func display(enabled: Bool) -> SyncProgressDisplay {
            SyncProgressDisplay(
                enabled: enabled, clock: { self.now.withLock { $0 } },
                sink: { text in self.written.withLock { $0.append(text) } })
        }
    }

    static func progress(_ phase: SyncProgress.Phase, _ completed: Int, _ total: Int) -> SyncProgress {
        SyncProgress(containerIdentifier: "BOOK", phase: phase, completed: completed, total: total)
    }

    @Test func eachPhaseGetsItsOwnBarOnceTheSyncHasTakenASecond() {
        let recorder = Recorder()
        let display = recorder.display(enabled: true)
        display.report(Self.progress(.listing, 0, 0))
        recorder.now.withLock { $0 += 1.5 }
        display.report(Self.progress(.downloading, 0, 4))
        display.report(Self.progress(.downloading, 2, 4))
        display.report(Self.progress(.finishing, 0, 0))
        let written = recorder.written.withLock { $0 }
        #expect(written.first == "\rDownloading [------------------------------] 0%")
        #expect(written.last == "\r\u{1B}[2K", "the bar is cleared when the book finishes")
        #expect(!written.contains { $0.contains("Listing") }, "nothing during the first second")
    }

    @Test func nothingIsDrawnWhenDisabled() {
        let recorder = Recorder()
        let display = recorder.display(enabled: false)
        recorder.now.withLock { $0 += 5 }
        display.report(Self.progress(.downloading, 1, 2))
        display.finish()
        #expect(recorder.written.withLock { $0 }.isEmpty)
    }
}
