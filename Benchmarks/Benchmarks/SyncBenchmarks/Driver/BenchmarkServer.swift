import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Radicale on a free port of 127.0.0.1 with a fresh folder and one address book, filled on disk.
///
/// The cards are written straight into the collection's folder (one `<UID>.vcf` file each, Radicale's
/// multifilesystem layout, with the folder's `.Radicale.props`) rather than sent with 10,000 PUTs; Radicale reads
/// files changed behind its back. Its item cache and sync history are then built once, untimed, so neither side
/// pays for them.
final class BenchmarkServer {
    static let username = "alice"
    static let password = "bench-Pa55word"

    let python: String
    let directory: URL
    let port: Int
    private var pid: pid_t = 0

    var bookURL: URL { URL(string: "http://127.0.0.1:\(port)/\(Self.username)/book/")! }
    var bookFolder: URL { directory.appendingPathComponent("collections/collection-root/\(Self.username)/book") }

    init(python: String, directory: URL) throws {
        self.python = python
        self.directory = directory
        port = try Self.freePort()
    }

    deinit {
        stop()
    }

    /// Writes the configuration and the cards, then starts the server and waits for its port.
    func start(cards: [(uid: String, text: String)]) throws {
        try FileManager.default.createDirectory(at: bookFolder, withIntermediateDirectories: true)
        try Data(#"{"D:displayname": "Benchmark", "tag": "VADDRESSBOOK"}"#.utf8)
            .write(to: bookFolder.appendingPathComponent(".Radicale.props"))
        for card in cards {
            try Data(card.text.utf8).write(to: bookFolder.appendingPathComponent("\(card.uid).vcf"))
        }
        try Data("\(Self.username):\(Self.password)\n".utf8).write(to: directory.appendingPathComponent("users"))
        let config = """
            [server]
            hosts = 127.0.0.1:\(port)
            timeout = 600

            [auth]
            type = htpasswd
            htpasswd_filename = \(directory.appendingPathComponent("users").path)
            htpasswd_encryption = plain

            [storage]
            filesystem_folder = \(directory.appendingPathComponent("collections").path)

            [logging]
            level = warning

            """
        try Data(config.utf8).write(to: directory.appendingPathComponent("config"))
        let process = ChildProcess(
            executable: python,
            arguments: ["-m", "radicale", "--config", directory.appendingPathComponent("config").path],
            logFile: directory.appendingPathComponent("radicale.log"))
        pid = try process.spawn()
        for _ in 0..<600 {
            if Self.accepts(port: port) { return }
            usleep(50_000)
        }
        throw DriverError("Radicale did not start on port \(port); see \(directory.path)/radicale.log")
    }

    /// Builds Radicale's item cache and sync history (a PROPFIND of every ETag, a sync-collection report).
    func warm() throws {
        _ = try request(
            "PROPFIND", url: bookURL, depth: "1",
            body: """
                <?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>
                """)
        _ = try request(
            "REPORT", url: bookURL, depth: "1",
            body: """
                <?xml version="1.0" encoding="utf-8"?><sync-collection xmlns="DAV:"><sync-token/><sync-level>1</sync-level>\
                <prop><getetag/></prop></sync-collection>
                """)
    }

    /// Replaces a card on the server with PUT, as another client would.
    func put(uid: String, text: String) throws {
        let status = try request(
            "PUT", url: bookURL.appendingPathComponent("\(uid).vcf"), body: text,
            contentType: "text/vcard; charset=utf-8")
        guard status == "201" || status == "204" else { throw DriverError("PUT of a card answered \(status)") }
    }

    /// Sends a request with curl; returns the status code.
    private func request(
        _ method: String, url: URL, depth: String? = nil, body: String,
        contentType: String = "application/xml; charset=utf-8"
    ) throws -> String {
        let bodyFile = directory.appendingPathComponent("request-body")
        try Data(body.utf8).write(to: bodyFile)
        var arguments = [
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "\(Self.username):\(Self.password)", "-X", method,
            "-H", "Content-Type: \(contentType)", "--data-binary", "@\(bodyFile.path)",
        ]
        if let depth { arguments += ["-H", "Depth: \(depth)"] }
        let outcome = try ChildProcess(
            executable: try ChildProcess.find("curl"), arguments: arguments + [url.absoluteString],
            logFile: directory.appendingPathComponent("curl.log")
        ).runChecked()
        return outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The server's processor time so far (user and system), from /proc: what serving a sync cost it.
    func cpuSeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name, which may hold spaces: state is the first, utime and stime the 12th and 13th.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    /// Whether something listens on a port of 127.0.0.1.
    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// A port of 127.0.0.1 that nothing listens on now.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw DriverError("no socket") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw DriverError("cannot bind a port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
