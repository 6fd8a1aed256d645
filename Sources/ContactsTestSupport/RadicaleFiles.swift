import Foundation

/// The files of a Radicale test server: a user with a plain password, a writable book `friends` and a
/// read-only book `readonly`, and the configuration, listening on a port of 127.0.0.1 (TLS optional).
package enum RadicaleFiles {
    /// Writes every file into `directory`; `config` is the configuration to start Radicale with.
    ///
    /// - Parameter certificate: The certificate and key files for TLS, or nil for plain HTTP.
    package static func write(
        in directory: URL, port: Int, username: String, password: String, certificate: (cert: URL, key: URL)? = nil
    ) throws {
        let collections = directory.appendingPathComponent("collections/collection-root/\(username)")
        for (book, name) in [("friends", "Friends"), ("readonly", "Read only")] {
            let folder = collections.appendingPathComponent(book)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#"{"D:displayname": "\#(name)", "tag": "VADDRESSBOOK"}"#.utf8)
                .write(to: folder.appendingPathComponent(".Radicale.props"))
        }
        try Data("\(username):\(password)\n".utf8).write(to: directory.appendingPathComponent("users"))
        // Rules are tried in order; the read-only book comes before the rule that lets the owner write.
        let rights = """
            [root]
            user: .+
            collection:
            permissions: R

            [principal]
            user: .+
            collection: {user}
            permissions: RW

            [readonly]
            user: .+
            collection: {user}/readonly
            permissions: r

            [books]
            user: .+
            collection: {user}/[^/]+
            permissions: rw
            """
        try Data(rights.utf8).write(to: directory.appendingPathComponent("rights"))
        let tls = certificate.map { "\nssl = True\ncertificate = \($0.cert.path)\nkey = \($0.key.path)" } ?? ""
        let config = """
            [server]
            hosts = 127.0.0.1:\(port)
            max_connections = 20
            timeout = 120\(tls)

            [auth]
            type = htpasswd
            htpasswd_filename = \(directory.appendingPathComponent("users").path)
            htpasswd_encryption = plain

            [rights]
            type = from_file
            file = \(directory.appendingPathComponent("rights").path)

            [storage]
            filesystem_folder = \(directory.appendingPathComponent("collections").path)

            [logging]
            level = warning

            """
        try Data(config.utf8).write(to: directory.appendingPathComponent("config"))
    }
}
