import ArgumentParser
import ContactsSync
import Foundation

extension ContactsCommand {
    /// `contacts accounts add URL`: discovery, credentials, and a container per address book.
    struct AccountAdd: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a CardDAV account: find its address books and make each a container.",
            discussion: """
                The password is read from standard input (typed without echo on a terminal), or from the first \
                line of --password-file; there is no option for it, because command lines are readable by every \
                user of the machine and kept in shell history. Nothing is downloaded until 'contacts accounts sync'.
                """
        )
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        @Argument(
            help: ArgumentHelp(
                "The server, your principal or an address book (https://dav.example.com/).", valueName: "url"))
        var url: String

        @Option(
            name: .long,
            help: "Your user name on the server. Without it (and without one in the URL), no password is asked.")
        var username: String?

        @Option(
            name: .customLong("password-file"),
            help: ArgumentHelp("Read the password from this file's first line.", valueName: "file"))
        var passwordFile: String?

        @Option(name: .long, help: "The account's name (default: the server's host).")
        var name: String?

        @Option(
            name: .customLong("pin-certificate"),
            help: ArgumentHelp(
                "Trust this PEM certificate for the server instead of the system's authorities.", valueName: "pem-file")
        )
        var pinCertificate: String?

        @Option(
            name: .customLong("group-dialect"),
            help: "How groups are written: apple, kind (vCard 4) or categories (default: detected).")
        var groupDialect: GroupDialectChoice?

        @Flag(
            name: .customLong("allow-insecure-http"),
            help: "Allow plain http to another machine (the password crosses the network in clear).")
        var allowInsecureHTTP = false

        @Option(
            name: .customLong("listing-timeout"),
            help: ArgumentHelp(
                """
                How long to wait for the server to list an address book, in seconds (default: 900). A server may \
                compute a large book's whole listing before it answers; every other request times out after 60 \
                seconds without data.
                """, valueName: "seconds"))
        var listingTimeout: Double?

        func validate() throws {
            if let listingTimeout, !(listingTimeout > 0 && listingTimeout <= 86_400) {
                throw ValidationError("--listing-timeout must be a number of seconds from 1 to 86400.")
            }
            guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
            else {
                throw ValidationError(
                    "The URL must be an http or https URL with a host, such as https://dav.example.com/.")
            }
            if components.password != nil {
                throw ValidationError(
                    """
                    The URL holds a password, which other users can read on the command line. Give it on standard \
                    input or with --password-file (and consider changing it).
                    """)
            }
            if passwordFile != nil, user(in: components) == nil {
                throw ValidationError("--password-file needs --username (or a user name in the URL).")
            }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.openForAccounts()
                guard let components = URLComponents(string: url), let serverURL = components.url else {
                    throw ValidationError("The URL must be an http or https URL with a host.")
                }
                let certificate = try pinCertificate.map(Self.certificate(at:))
                let credentials = try user(in: components).map {
                    CardDAVCredentials(username: $0, password: try PasswordReader.read(file: passwordFile))
                }
                var timeouts = SyncTimeouts.standard
                if let listingTimeout { timeouts.listing = listingTimeout }
                let settings = AccountSettings(timeouts: timeouts, allowsInsecureHTTP: allowInsecureHTTP)
                let accounts = CardDAVAccounts(store: store)
                let (name, dialect) = (name, groupDialect?.dialect)
                let account = try BlockingTask.run {
                    try await accounts.addAccount(
                        url: serverURL, credentials: credentials, name: name, pinnedCertificate: certificate,
                        groupDialect: dialect, settings: settings)
                }
                var buffer = BufferedOutput()
                buffer.write(output.json ? try ContactJSON.text(AccountJSON(account)) : AccountPresenter.added(account))
                buffer.flush()
            }
        }

        /// `--username`, else the user name in the URL (which the library strips from the stored URL).
        private func user(in components: URLComponents) -> String? {
            username ?? components.user.map { $0.removingPercentEncoding ?? $0 }
        }

        /// The PEM text of a certificate file.
        ///
        /// - Throws: ``CommandFailure``: ``ExitStatus/noInput`` for a missing file, ``ExitStatus/dataError`` for
        ///   one without a PEM certificate.
        static func certificate(at path: String) throws(CommandFailure) -> String {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("no such file: \(path)", exitCode: ExitStatus.noInput)
            }
            let text = String(decoding: data, as: UTF8.self)
            guard text.contains("-----BEGIN CERTIFICATE-----") else {
                throw CommandFailure(
                    "\(path) holds no PEM certificate", exitCode: ExitStatus.dataError,
                    hint: "export the server's certificate as PEM (-----BEGIN CERTIFICATE-----)")
            }
            return text
        }
    }
}

/// The group dialects `accounts add --group-dialect` accepts: `GroupDialect`'s raw values.
enum GroupDialectChoice: String, ExpressibleByArgument, CaseIterable {
    case apple
    case kind
    case categories

    var dialect: GroupDialect {
        switch self {
        case .apple: .appleGroupCards
        case .kind: .vCard4Kind
        case .categories: .categories
        }
    }
}
