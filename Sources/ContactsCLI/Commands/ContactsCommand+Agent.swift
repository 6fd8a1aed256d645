import ArgumentParser
import ContactsClient
import Foundation

extension ContactsCommand {
    /// `contacts agent [--open]`: tells you when an app waits for your answer, with a link to answer it.
    struct Agent: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "agent",
            abstract: "Tell you when an app asks for your contacts, with a link to answer it (daemon mode).",
            discussion: """
                Runs until stopped (start it with your desktop session, or in a terminal). contactsd tells it \
                of each app that starts waiting for your answer; it shows a desktop notification (notify-send, \
                when a display is set) or else prints a line, each with a one-time link to the request's screen. \
                Contact pickers and contact access pickers that apps open wait the same way.
                """)
        @OptionGroup var socket: DaemonSocketOption
        @Flag(help: "Also open each request's screen in your browser (xdg-open).") var open = false

        func run() throws {
            try CommandFailure.reporting {
                // The watch holds its connection; links come over a second one.
                let watch = try socket.connect()
                let links = try socket.connect()
                let notifier = Notifier()
                var failure: (any Error)?
                try watch.watchConsents { request in
                    do {
                        let link = try links.personScreensLink(page: request.page)
                        notifier.tell(request, link: link.url)
                        if open { Browser.open(link.url) }
                        return true
                    } catch {
                        failure = error
                        return false
                    }
                }
                if let failure { throw failure }
            }
        }
    }
}

/// How the agent tells the person: a desktop notification where the session has a display and notify-send,
/// else a line on standard output.
struct Notifier {
    private let notifySend: String?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let hasDisplay = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        notifySend = hasDisplay ? Executable.find("notify-send") : nil
    }

    func tell(_ request: PendingConsentRequest, link: String) {
        let headline =
            switch request.kind {
            case .consent: "\(request.displayName) would like to access your contacts"
            case .contactPicker: "\(request.displayName) would like you to pick from your contacts"
            case .accessPicker: "\(request.displayName) would like you to review which contacts it can see"
            }
        if let notifySend {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: notifySend)
            let body = request.purpose.isEmpty ? link : "\(request.purpose)\n\(link)"
            process.arguments = ["--app-name=Contacts", headline, body]
            if (try? process.run()) != nil { return }
        }
        var buffer = BufferedOutput()
        buffer.write("\(headline) (request \(request.id)): \(link)\n")
        buffer.flush()
    }
}
