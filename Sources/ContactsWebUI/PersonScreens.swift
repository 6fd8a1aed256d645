import ContactsSystem
import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The person's screens: consent prompts and privacy settings, served over HTTP on 127.0.0.1 by contactsd
/// (docs/WebUI.md).
///
/// Only the person gets in: through a one-time link their own agent asked the daemon for (``link(uid:page:)``),
/// exchanged for a session cookie bound to their uid. Every page is rendered from a Mustache template with
/// escaped values and sent with a strict Content-Security-Policy; every change is a POST with the session's
/// CSRF token from this very origin.
///
/// ```swift
/// let screens = try await PersonScreens.start(PersonScreensConfiguration(port: 0), backend: backend)
/// let link = screens.link(uid: 1000, page: "settings")
/// screens.stop()
/// ```
package final class PersonScreens: Sendable {
    package let backend: any PersonScreensBackend
    let links: OneTimeLinks
    let sessions: ScreenSessions
    let strings: ScreenStrings
    let templates: ScreenTemplates
    let styleSheet: ByteBuffer
    let script: ByteBuffer
    /// The contact access button's cookie, secrets and files.
    let button: AccessButtonFrames
    /// The port the server listens on, known once it runs.
    package let port: Int
    private let task: Mutex<Task<Void, Never>?>

    private init(
        configuration: PersonScreensConfiguration, backend: any PersonScreensBackend, port: Int, assets: Assets
    ) {
        self.backend = backend
        self.links = OneTimeLinks(lifetime: configuration.linkLifetime)
        self.sessions = ScreenSessions(lifetime: configuration.sessionLifetime)
        self.strings = assets.strings
        self.templates = assets.templates
        self.styleSheet = assets.styleSheet
        self.script = assets.script
        self.button = AccessButtonFrames(
            lifetime: configuration.sessionLifetime, styleSheet: assets.buttonStyleSheet, script: assets.buttonScript)
        self.port = port
        self.task = Mutex(nil)
    }

    /// The origin every page and form of the screens has.
    package var origin: String { "http://127.0.0.1:\(port)" }

    /// The session cookie's name; with the port in it, the screens of two daemons on one host do not overwrite
    /// each other's cookie (cookies are not kept apart by port).
    var cookieName: String { "contacts_screens_\(port)" }

    /// Binds 127.0.0.1 and starts serving; returns once the port is bound.
    package static func start(_ configuration: PersonScreensConfiguration, backend: any PersonScreensBackend)
        async throws -> PersonScreens
    {
        let assets = try Assets()
        // The router needs the screens (for their sessions), and the screens need the port the router's server
        // gets: the router's handlers reach the screens through this box, filled before the first request.
        let box = Mutex<PersonScreens?>(nil)
        let router = Router()
        router.add(middleware: ScreenGuard { box.withLock { $0 } })
        addRoutes(to: router) { box.withLock { $0 } }
        var logger = Logger(label: "contactsd.screens")
        logger.logLevel = .warning
        let bound = AsyncStream<Result<Int, any Error>>.makeStream()
        let application = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                bound.continuation.yield(.success(channel.localAddress?.port ?? 0))
            },
            logger: logger)
        let task = Task {
            do {
                try await application.run()
            } catch {
                bound.continuation.yield(.failure(error))
            }
            bound.continuation.finish()
        }
        var iterator = bound.stream.makeAsyncIterator()
        guard let outcome = await iterator.next() else { throw CancellationError() }
        let port = try outcome.get()
        let screens = PersonScreens(configuration: configuration, backend: backend, port: port, assets: assets)
        screens.task.withLock { $0 = task }
        box.withLock { $0 = screens }
        return screens
    }

    /// Stops serving: the server closes its socket and its connections shortly after.
    package func stop() {
        task.withLock { $0 }?.cancel()
    }

    /// A one-time link into the screens for a user: single use, valid for the configuration's link lifetime.
    ///
    /// - Parameter page: Where it lands: "" (the start page), "settings", "requests/<id>" or "pickers/<id>".
    /// - Returns: nil for any other page (a link never leads off the screens).
    package func link(uid: uid_t, page: String) -> String? {
        guard Self.isLandingPage(page) else { return nil }
        let token = links.issue(OneTimeLinks.Grant(uid: uid, page: page))
        return "\(origin)/enter/\(token.text)"
    }

    /// The pages a link may land on; anything else (`//elsewhere`, say) could turn the redirect into a way off
    /// the screens.
    static func isLandingPage(_ page: String) -> Bool {
        if page == "" || page == "settings" { return true }
        guard let prefix = ["requests/", "pickers/"].first(where: { page.hasPrefix($0) }) else { return false }
        let number = page.dropFirst(prefix.count)
        return !number.isEmpty && number.count <= 19 && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// How long a link lasts, in whole seconds.
    package var linkLifetimeSeconds: Int { Int(links.lifetime.components.seconds) }

    /// The templates, strings and static files, read from the module's resources before the server starts.
    private struct Assets {
        let strings: ScreenStrings
        let templates: ScreenTemplates
        let styleSheet: ByteBuffer
        let script: ByteBuffer
        let buttonStyleSheet: ByteBuffer
        let buttonScript: ByteBuffer

        init() throws {
            strings = try ScreenStrings()
            templates = try ScreenTemplates()
            styleSheet = try Self.file("app", "css")
            script = try Self.file("app", "js")
            buttonStyleSheet = try Self.file("button", "css")
            buttonScript = try Self.file("button", "js")
        }

        static func file(_ name: String, _ type: String) throws -> ByteBuffer {
            guard let url = Bundle.module.url(forResource: name, withExtension: type, subdirectory: "Resources/Static")
            else {
                throw ScreenResourceError(name: "\(name).\(type)")
            }
            return ByteBuffer(bytes: Array(try Data(contentsOf: url)))
        }
    }
}
