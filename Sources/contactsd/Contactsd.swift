import ArgumentParser
import ContactsDaemon
import ContactsWebUI
import Foundation
import Logging
import Synchronization

/// contactsd: the daemon that owns the contacts store in daemon mode (docs/Daemon.md).
@main
struct Contactsd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contactsd",
        abstract: "Serve the contacts store to apps over a Unix socket.",
        discussion: """
            Apps reach the daemon through the socket; the daemon identifies each from the kernel's view of the \
            connecting process and the administrator's app registry, and applies the person's privacy decisions.
            """
    )

    @Option(
        help:
            "The Unix socket to listen on. Started by systemd's contactsd.socket (LISTEN_PID and LISTEN_FDS), the daemon serves the socket systemd passed instead."
    )
    var socket = "/run/contactsd/contactsd.sock"

    @Option(help: "The state directory (one store per user), readable by the daemon only.")
    var state = "/var/lib/contactsd"

    @Option(help: "The administrator's app registry directory.")
    var registry = "/etc/contacts/apps"

    @Option(help: "Seconds an app's consent request waits for the person's answer ('contacts privacy pending').")
    var consentTimeout = 120

    @Option(
        help: "Seconds an app's contact picker or access picker waits for the person's screens before it is cancelled.")
    var pickerTimeout = 600

    @Option(
        name: .customLong("flatpak-installation"),
        help: "A system-wide Flatpak installation whose apps may be identified; repeatable (default: /var/lib/flatpak)."
    )
    var flatpakInstallations: [String] = []

    @Option(help: "The loopback port of the person's screens (0: a free port the system chooses; links carry it).")
    var screensPort = 0

    @Flag(help: "Serve no screens: consent requests are answered with 'contacts privacy answer' only.")
    var noScreens = false

    @Option(
        help:
            "MiB set aside for SQLite's page cache when the daemon starts, so a fresh daemon's first calls do not pay for its growth; also the size the caches keep to once it is in use (0: none, caches grow on the heap)."
    )
    var sqlitePageCacheMib = 32

    func validate() throws {
        guard (0...4_096).contains(sqlitePageCacheMib) else {
            throw ValidationError("--sqlite-page-cache-mib is between 0 and 4096.")
        }
    }

    func run() throws {
        // Before anything opens a store: SQLite takes its page cache's memory only before it starts.
        if sqlitePageCacheMib > 0, !DaemonPageCache.reserve(bytes: sqlitePageCacheMib << 20) {
            Logger(label: "contactsd").notice(
                "SQLite's page cache reads from the heap: it had started before the daemon")
        }
        var configuration = DaemonConfiguration(
            socketPath: socket, stateDirectory: URL(fileURLWithPath: state),
            registryDirectory: URL(fileURLWithPath: registry))
        if !flatpakInstallations.isEmpty {
            configuration.sandboxes.flatpakInstallations = flatpakInstallations.map { URL(fileURLWithPath: $0) }
        }
        // Refused (a descriptor that is no listening Unix socket), the daemon exits with the reason.
        configuration.listeningDescriptor = try InheritedSocket.take()
        configuration.consentTimeout = .seconds(max(1, consentTimeout))
        configuration.pickerTimeout = .seconds(max(1, pickerTimeout))
        // Runs until SIGTERM or SIGINT, then closes every connection and removes the socket it bound. The
        // sources are in place before the socket is bound: once it exists a service manager (or a test) may send
        // SIGTERM, and one that came before them, under a parent's SIG_IGN, was dropped and the daemon ran on.
        // Their handlers run on the main queue, which runs only from `dispatchMain()`, after the start.
        let running = RunningDaemon()
        let signals = [SIGTERM, SIGINT].map { signal -> any DispatchSourceSignal in
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
            source.setEventHandler {
                try? running.daemon.withLock { $0 }?.stop()
                Foundation.exit(0)
            }
            source.resume()
            return source
        }
        let daemon = try ContactsDaemon.start(configuration)
        running.daemon.withLock { $0 = daemon }
        if !noScreens { try Self.startScreens(of: daemon, port: screensPort) }
        withExtendedLifetime(signals) {
            dispatchMain()
        }
    }

    /// Starts the screens and waits until they listen; this thread is the daemon's main thread, not Swift's
    /// pool, so it may block while the server starts on the pool.
    private static func startScreens(of daemon: ContactsDaemon, port: Int) throws {
        let outcome = Mutex<Result<Int, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let screens = try await daemon.startScreens(PersonScreensConfiguration(port: port))
                outcome.withLock { $0 = .success(screens.port) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        let port = try outcome.withLock { $0 ?? .failure(CancellationError()) }.get()
        // swift-log, as the screens' server logs: an administrator's journal gets it with the daemon's other lines.
        Logger(label: "contactsd").notice(
            "the person's screens listen on loopback ('contacts ui' opens them)", metadata: ["port": "\(port)"])
    }
}

/// The daemon the signal handlers stop, once it has started.
private final class RunningDaemon: Sendable {
    let daemon = Mutex<ContactsDaemon?>(nil)
}
