import ArgumentParser
import ContactsClient
import Foundation

extension ContactsCommand {
    /// `contacts ui [--page PAGE] [--open]`: a one-time link into the screens contactsd serves to you.
    struct UI: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ui",
            abstract: "Print (or open) a one-time link to your contacts privacy screens (daemon mode).",
            discussion: """
                contactsd serves the screens on 127.0.0.1: the apps waiting for your answer, and the privacy \
                settings of every app that asked. The link works once, for about a minute, and only for you: the \
                daemon makes it for the user running this command. docs/WebUI.md describes the screens.
                """)
        @OptionGroup var socket: DaemonSocketOption
        @Option(
            help: ArgumentHelp(
                "The page to open: settings, requests/<number> or pickers/<number> (default: the start page).",
                valueName: "page"))
        var page = ""
        @Flag(help: "Open the link in your browser (xdg-open).") var open = false

        func run() throws {
            try CommandFailure.reporting {
                let link = try socket.connect().personScreensLink(page: page)
                var buffer = BufferedOutput()
                buffer.write(link.url + "\n")
                buffer.flush()
                if open { Browser.open(link.url) }
            }
        }
    }
}

/// Opens a link with the desktop's `xdg-open`; where there is none, the printed link is all there is.
enum Browser {
    static func open(_ url: String) {
        guard let opener = Executable.find("xdg-open") else {
            StandardStreams.writeError("contacts: xdg-open is not installed; open the link above in your browser\n")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        do {
            try process.run()
        } catch {
            StandardStreams.writeError("contacts: could not run xdg-open; open the link above in your browser\n")
        }
    }
}

/// Programs of the person's session, found on PATH.
enum Executable {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
