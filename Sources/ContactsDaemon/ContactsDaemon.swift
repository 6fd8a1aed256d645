import ContactsSystem
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
    package let configuration: DaemonConfiguration

    private init(
        group: MultiThreadedEventLoopGroup, channel: any Channel, notices: ChangeNotices, configuration: DaemonConfiguration
    ) {
        self.group = group
        self.channel = channel
        self.notices = notices
        self.configuration = configuration
    }

    /// Binds the socket (replacing a stale one), makes it connectable by every local user (the daemon decides
    /// what each may see), and starts serving.
    package static func start(_ configuration: DaemonConfiguration) throws -> ContactsDaemon {
        try FileManager.default.createDirectory(
            at: configuration.stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let live = LiveSessions()
        let notices = ChangeNotices(live: live)
        let stores = UserStores(configuration: configuration, notices: notices)
        let pending = PendingConsents(timeout: configuration.consentTimeout)
        let identifier = PeerIdentifier(
            registry: AppRegistry(directory: configuration.registryDirectory, trustedOwner: geteuid()),
            sandboxes: configuration.sandboxes)
        let counter = Atomic<Int>(0)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .childChannelInitializer { channel in
                let label = counter.add(1, ordering: .relaxed).newValue
                let session = ConnectionSession(
                    channel: channel, configuration: configuration, pending: pending, live: live, stores: stores,
                    notices: notices, label: "\(label)")
                session.start(credentials: PeerCredentials.read(from: channel), identifier: identifier, stores: stores)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FrameDecoder()))
                    try channel.pipeline.syncOperations.addHandler(ConnectionHandler(session: session))
                }
            }
        do {
            let channel = try bootstrap.bind(unixDomainSocketPath: configuration.socketPath, cleanupExistingSocketFile: true).wait()
            chmod(configuration.socketPath, 0o666)
            return ContactsDaemon(group: group, channel: channel, notices: notices, configuration: configuration)
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
    }

    /// Stops listening, closes every connection and removes the socket.
    package func stop() throws {
        notices.stop()
        try? channel.close().wait()
        try group.syncShutdownGracefully()
        unlink(configuration.socketPath)
    }
}
