import ContactsTestSupport
import Foundation

@testable import ContactsSync

/// A Radicale or Xandikos server in a temporary folder on a free port of 127.0.0.1, with one address book
/// (and for Radicale a second, read-only one), stopped and removed when released.
final class CardDAVTestServer: @unchecked Sendable {
    // SAFETY: every stored property is set once in init; the process object guards its own state.
    // TODO: issue 15 — make ServerProcess a Mutex-guarded type so this needs no unchecked conformance.
    let kind: ServerKind
    let directory: URL
    let port: Int
    let usesTLS: Bool
    let process: ServerProcess
    /// The certificate a TLS server presents, PEM.
    let certificate: String?

    static let username = "alice"
    static let password = "s3cr3t-Pa55word!"

    private init(
        kind: ServerKind, directory: URL, port: Int, usesTLS: Bool, process: ServerProcess, certificate: String?
    ) {
        self.kind = kind
        self.directory = directory
        self.port = port
        self.usesTLS = usesTLS
        self.process = process
        self.certificate = certificate
    }

    deinit {
        process.stop()
        // CARDDAV_KEEP_SERVERS=1 keeps the folder (storage and server.log) for a failing test to be read.
        if ProcessInfo.processInfo.environment["CARDDAV_KEEP_SERVERS"] == nil {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Starts a server; fails with a clear message when it is not installed.
    static func start(_ kind: ServerKind, tls: Bool = false) throws -> CardDAVTestServer {
        let python = try ServerProcess.python()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "carddav-\(kind)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let port = try ServerProcess.freePort()
        let log = directory.appendingPathComponent("server.log")
        var certificate: String?
        let arguments: [String]
        switch kind {
        case .radicale:
            try ServerProcess.requireModule("radicale", package: "Radicale")
            if tls { certificate = try makeCertificate(in: directory) }
            try RadicaleFiles.write(
                in: directory, port: port, username: username, password: password,
                certificate: tls
                    ? (directory.appendingPathComponent("cert.pem"), directory.appendingPathComponent("key.pem")) : nil)
            arguments = ["-m", "radicale", "--config", directory.appendingPathComponent("config").path]
        case .xandikos:
            try ServerProcess.requireModule("xandikos", package: "Xandikos")
            var list = [
                "-m", "xandikos.web", "-d", directory.appendingPathComponent("data").path, "--defaults",
                "-l", "127.0.0.1", "-p", String(port), "--state-dir", directory.appendingPathComponent("state").path,
                "--no-detect-systemd",
            ]
            if tls {
                let sha = try run(
                    python,
                    [
                        "-c",
                        "import hashlib,base64,sys;print(base64.b64encode(hashlib.sha1(sys.argv[1].encode()).digest()).decode())",
                        password,
                    ])
                try Data("\(username):{SHA}\(sha)\n".utf8).write(to: directory.appendingPathComponent("htpasswd"))
                list += ["--autocert", "--htpasswd", directory.appendingPathComponent("htpasswd").path]
            }
            arguments = list
        }
        let process = ServerProcess(executable: python, arguments: arguments, port: port, logFile: log)
        try process.start()
        if kind == .xandikos, tls {
            certificate = try String(
                contentsOf: directory.appendingPathComponent("state/certs/selfsigned.crt"), encoding: .utf8)
        }
        return CardDAVTestServer(
            kind: kind, directory: directory, port: port, usesTLS: tls, process: process, certificate: certificate)
    }

    /// Starts the server again on the same port and storage, after ``kill()``.
    func restart() throws {
        try process.start()
    }

    /// Kills the server at once (SIGKILL).
    func kill() {
        process.kill()
    }

    var baseURL: URL {
        URL(string: "\(usesTLS ? "https" : "http")://127.0.0.1:\(port)/")!
    }

    /// The address book every test uses.
    var bookPath: String {
        switch kind {
        case .radicale: "/\(Self.username)/friends/"
        case .xandikos: "/user/contacts/addressbook/"
        }
    }

    var bookURL: URL { URL(string: bookPath, relativeTo: baseURL)!.absoluteURL }

    /// The credentials the server asks for; nil for Xandikos over plain http, which asks for none.
    var credentials: CardDAVCredentials? {
        kind == .radicale || usesTLS ? CardDAVCredentials(username: Self.username, password: Self.password) : nil
    }

    // MARK: Files

    /// Runs a command and returns its output, trimmed.
    private static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A self-signed certificate for 127.0.0.1 made with openssl (cert.pem and key.pem in a folder); returns its
    /// PEM. Tests also use it for a certificate no server presents.
    static func makeCertificate(in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout", directory.appendingPathComponent("key.pem").path, "-out",
            directory.appendingPathComponent("cert.pem").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ServerError("openssl is not installed (apt-get install openssl; .ci/run installs it)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ServerError("openssl could not make a certificate") }
        return try String(contentsOf: directory.appendingPathComponent("cert.pem"), encoding: .utf8)
    }
}
