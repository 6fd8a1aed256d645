import Foundation
import Synchronization
import Testing

@testable import ContactsCLI

@Suite struct ProgressBarTests {
    /// A clock the test moves, and the text the bar wrote.
    final class Recorder: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 0))
        let written = Mutex<[String]>([])

        func advance(_ seconds: TimeInterval) {
            now.withLock { $0 += seconds }
        }

        func bar(enabled: Bool) -> ProgressBar {
            ProgressBar(
                title: "Importing", total: 100, enabled: enabled,
                clock: { self.now.withLock { $0 } }, sink: { text in self.written.withLock { $0.append(text) } })
        }
    }

    @Test func nothingIsDrawnDuringTheFirstSecond() {
        let recorder = Recorder()
        var bar = recorder.bar(enabled: true)
        recorder.advance(0.9)
        bar.update(50)
        bar.finish()
        #expect(recorder.written.withLock { $0 }.isEmpty)
    }

    @Test func barAppearsAfterASecondAndIsClearedAtTheEnd() {
        let recorder = Recorder()
        var bar = recorder.bar(enabled: true)
        recorder.advance(1.5)
        bar.update(25)
        bar.finish()
        let written = recorder.written.withLock { $0 }
        #expect(written == ["\rImporting [#######-----------------------] 25%", "\r\u{1B}[2K"])
    }

    @Test func nothingIsDrawnWhenNotATerminal() {
        let recorder = Recorder()
        var bar = recorder.bar(enabled: false)
        recorder.advance(5)
        bar.update(99)
        bar.finish()
        #expect(recorder.written.withLock { $0 }.isEmpty)
    }

    @Test func laterPassesCountFromTheStartOfTheTask() {
        let recorder = Recorder()
        let start = recorder.now.withLock { $0 }
        recorder.advance(0.8)
        var second = ProgressBar(
            title: "Importing", total: 10, enabled: true, start: start,
            clock: { recorder.now.withLock { $0 } }, sink: { text in recorder.written.withLock { $0.append(text) } })
        recorder.advance(0.3)
        second.update(5)
        #expect(recorder.written.withLock { $0 }.count == 1)
    }

    @Test func redrawsAreLimitedToTenASecond() {
        let recorder = Recorder()
        var bar = recorder.bar(enabled: true)
        recorder.advance(1)
        for done in [10, 20, 30] { bar.update(done) }
        recorder.advance(0.2)
        bar.update(40)
        #expect(recorder.written.withLock { $0 }.count == 2)
    }
}
