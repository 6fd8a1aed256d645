import ContactsSystem
import ContactsWebUI
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// contactsd's server: listens on a Unix socket and serves each connection from its own session.
///
/// ```swift
/// let daemon = try ContactsDaemon.start(configuration)
/// // ... apps connect to configuration.socketPath ...
/// try daemon.stop()
/// ```
package final class ContactsDaemon: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let notices: ChangeNotices
    private let live: LiveSessions
    package let configuration: DaemonConfiguration
    private let screens: ScreensSlot
    private let backend: DaemonScreensBackend

    private init(
        group: MultiThreadedEventLoopGroup, channel: any Channel, notices: ChangeNotices, live: LiveSessions,
        configuration: DaemonConfiguration, screens: ScreensSlot, backend: DaemonScreensBackend
    ) {
        self.live = live
        self.group = group
        self.channel = channel
        self.notices = notices
        self.configuration = configuration
        self.screens = screens
        self.backend = backend
    }

    /// Binds the socket (replacing a stale one), makes it connectable by every local user (the daemon decides
    /// what each may see), and starts serving; or serves the socket systemd passed
    /// (``DaemonConfiguration/listeningDescriptor``) as it is.
    package static func start(_ configuration: DaemonConfiguration) throws -> ContactsDaemon {
        try FileManager.default.createDirectory(
            at: configuration.stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let live = LiveSessions()
        let notices = ChangeNotices(live: live)
        let stores = UserStores(configuration: configuration, notices: notices)
        let pending = PendingConsents(timeout: configuration.consentTimeout)
        let pickers = PendingPickers(timeout: configuration.pickerTimeout)
        let screens = ScreensSlot()
        let registry = configuration.appRegistry
        let backend = DaemonScreensBackend(
            pending: pending, pickers: pickers,
            changes: PersonAccessChanges(configuration: configuration, stores: stores, live: live),
            registry: registry, buttons: screens.buttons)
        let identifier = PeerIdentifier(registry: registry, sandboxes: configuration.sandboxes)
        let counter = Atomic<Int>(0)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .childChannelInitializer { channel in
                let label = counter.add(1, ordering: .relaxed).newValue
                let session = ConnectionSession(
                    channel: channel, configuration: configuration, pending: pending, pickers: pickers, live: live,
                    stores: stores,
                    notices: notices, screens: screens, label: "\(label)")
                session.start(credentials: PeerCredentials.read(from: channel), identifier: identifier, stores: stores)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FrameDecoder()))
                    try channel.pipeline.syncOperations.addHandler(ConnectionHandler(session: session))
                }
            }
        do {
            let channel: any Channel
            if let descriptor = configuration.listeningDescriptor {
                channel = try bootstrap.withBoundSocket(descriptor).wait()
            } else {
                channel = try bootstrap.bind(
                    unixDomainSocketPath: configuration.socketPath, cleanupExistingSocketFile: true
                ).wait()
                chmod(configuration.socketPath, 0o666)
            }
            return ContactsDaemon(
                group: group, channel: channel, notices: notices, live: live, configuration: configuration,
                screens: screens,
                backend: backend)
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
    }

    /// What the person's screens ask of the daemon (tests act as the screens through it).
    package var screensBackend: any PersonScreensBackend { backend }

    /// How many identified connections the daemon keeps (tests: closed connections leave none behind).
    package var liveSessionCount: Int { live.count }

    /// The streams open on every identified connection, and the batches read ahead for them (tests: a cancelled
    /// or closed stream holds no batch).
    package var openStreams: (open: Int, readAhead: Int) {
        live.all.map { $0.streamCounts() }.reduce((0, 0)) { ($0.0 + $1.open, $0.1 + $1.readAhead) }
    }

    /// How many jobs the event loop queued on every identified connection's queue so far (tests: a call the loop
    /// answers whole queues nothing).
    package func queuedJobCount() throws -> Int {
        try live.all.reduce(0) { try $0 + $1.queuedJobCount() }
    }

    /// Starts serving the person's screens on 127.0.0.1 (docs/WebUI.md); the person's agents then get
    /// one-time links into them.
    ///
    /// - Returns: The screens, with the port they listen on.
    @discardableResult
    package func startScreens(_ configuration: PersonScreensConfiguration) async throws -> PersonScreens {
        let started = try await PersonScreens.start(configuration, backend: backend)
        screens.set(started)
        return started
    }

    /// Stops listening, closes every connection and removes the socket it bound (systemd's stays: it starts the
    /// daemon again on the next connection).
    package func stop() throws {
        notices.stop()
        screens.current?.stop()
        screens.set(nil)
        try? channel.close().wait()
        try group.syncShutdownGracefully()
        if configuration.listeningDescriptor == nil {
            unlink(configuration.socketPath)
        }
    }
}
