import ContactsPrivacy
import Synchronization

/// Scripted terminal input and captured output.
final class LineQueue: Sendable {
    private let lines: Mutex<[String]>
    private let written = Mutex("")

    init(_ lines: [String]) {
        self.lines = Mutex(lines)
    }

    /// Everything written so far.
    var output: String { written.withLock { $0 } }

    var streams: TerminalStreams {
        TerminalStreams(
            readLine: { self.lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            write: { text in self.written.withLock { $0 += text } }
        )
    }
}
