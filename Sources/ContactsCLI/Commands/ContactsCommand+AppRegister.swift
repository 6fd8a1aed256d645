import ArgumentParser
import ContactsDaemon
import Foundation

extension ContactsCommand {
    /// `contacts apps register PATH --bundle-id ID`, `--flatpak APP_ID` or `--snap NAME --bundle-id ID`: the
    /// command contactsd names when it meets an unknown app.
    struct AppRegister: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "register",
            abstract: "Register an app's executable, or a sandboxed app, with contactsd.",
            discussion: """
                Writes DIR/ID.json with the executable's real path (links resolved, as the kernel shows it to \
                contactsd) and the SHA-256 of its bytes now. With --flatpak or --snap instead of a path, the entry \
                names the sandboxed app by its Flatpak app id or snap name, and contactsd checks the app's code \
                against the system's installation of it. Writing the default registry needs root; files in \
                another registry belong to whoever wrote them, and contactsd trusts only root's and its own user's.
                """
        )

        @Argument(help: ArgumentHelp("The app's executable (not with --flatpak or --snap).", valueName: "path"))
        var path: String?

        @Option(help: ArgumentHelp("A Flatpak app, by its app id (org.example.Friends).", valueName: "app-id"))
        var flatpak: String?

        @Option(
            help: ArgumentHelp(
                "A snap, by its name (friends, or friends_key for a parallel install).", valueName: "name"))
        var snap: String?

        @Option(
            name: .customLong("bundle-id"),
            help: ArgumentHelp("The app's bundle identifier (default with --flatpak: the app id).", valueName: "id"))
        var bundleIdentifier: String?

        @Option(help: ArgumentHelp("The app's name, shown to the person.", valueName: "name"))
        var name: String?

        @Option(
            help: ArgumentHelp(
                "Why the app wants contacts (NSContactsUsageDescription); without it contactsd refuses the app.",
                valueName: "text"))
        var usage: String?

        @Option(
            name: .customLong("entitlement"),
            help: ArgumentHelp("An entitlement (com.apple.developer.contacts.notes); repeatable.", valueName: "name"))
        var entitlements: [String] = []

        @Option(
            name: .customLong("web-origin"),
            help: ArgumentHelp(
                "The web origin allowed to frame the app's contact access button (https://app.example).",
                valueName: "origin"))
        var webOrigin: String?

        @OptionGroup var registryOptions: RegistryOptions

        func validate() throws {
            guard [path, flatpak, snap].compactMap({ $0 }).count == 1 else {
                throw ValidationError("Give one of an executable's path, --flatpak APP_ID or --snap NAME.")
            }
            if let flatpak, !AppRegistry.isValidFlatpakID(flatpak) {
                throw ValidationError(
                    "--flatpak must be a Flatpak app id: three or more '.'-separated parts of letters, digits, '_' and '-'."
                )
            }
            if let snap, !AppRegistry.isValidSnapName(snap) {
                throw ValidationError(
                    "--snap must be a snap name: lowercase letters, digits and '-' (with an optional _KEY).")
            }
            if let webOrigin, AppRegistry.webOrigin(webOrigin) == nil {
                throw ValidationError(
                    "--web-origin must be an origin: http or https, a host name and an optional port, nothing else "
                        + "(https://app.example).")
            }
            guard let bundleIdentifier = bundleIdentifier ?? flatpak else {
                throw ValidationError("Missing expected argument '--bundle-id <id>'")
            }
            // The identifier names the entry's file: no path separators, no hidden or parent-directory names.
            let allowed = CharacterSet(
                charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
            guard !bundleIdentifier.isEmpty, bundleIdentifier.count <= 255, !bundleIdentifier.hasPrefix("."),
                bundleIdentifier.unicodeScalars.allSatisfy(allowed.contains)
            else {
                throw ValidationError(
                    "--bundle-id must be letters, digits, '.', '-' and '_', not starting with '.' (org.example.app).")
            }
        }

        func run() throws {
            if let flatpak { return try registerSandboxed(.flatpak, id: flatpak) }
            if let snap { return try registerSandboxed(.snap, id: snap) }
            guard let path, let bundleIdentifier else { return }
            try CommandFailure.reporting {
                let directory = try registryOptions.writableDirectory()
                let executable = try ExecutableFile.resolve(path)
                let registry = AppRegistry(directory: directory, trustedOwner: geteuid())
                let target = AppRegistry.fileURL(bundleIdentifier: bundleIdentifier, in: directory)
                if let other = registry.files().first(where: {
                    $0.entry?.executable == executable && $0.url != target
                }) {
                    throw CommandFailure(
                        "\(executable) is already registered as \(other.entry?.bundleIdentifier ?? "?")",
                        exitCode: ExitStatus.cannotCreate,
                        hint: "one executable is one app; remove it with 'contacts apps remove' first")
                }
                let replaced = FileManager.default.fileExists(atPath: target.path)
                let url: URL
                do {
                    url = try AppRegistry.register(
                        executable: executable, bundleIdentifier: bundleIdentifier, displayName: name,
                        usageDescription: usage, entitlements: entitlements,
                        webOrigin: webOrigin.flatMap(AppRegistry.webOrigin), in: directory)
                } catch {
                    throw CommandFailure.fileSystem("cannot write \(target.path)", error)
                }
                var buffer = BufferedOutput()
                buffer.write(try report(url, replaced: replaced))
                buffer.flush()
            }
        }

        private func report(_ url: URL, replaced: Bool) throws -> String {
            let entry = try JSONDecoder().decode(AppRegistry.Entry.self, from: Data(contentsOf: url))
            var table = TextTable()
            table.append(["  executable", entry.executable])
            table.append(["  sha256", entry.sha256])
            if let name = entry.displayName { table.append(["  name", name]) }
            if let usage = entry.usageDescription { table.append(["  usage", usage]) }
            for entitlement in entry.entitlements ?? [] { table.append(["  entitlement", entitlement]) }
            if let origin = entry.webOrigin { table.append(["  web origin", origin]) }
            var text = "\(replaced ? "Updated" : "Registered") \(entry.bundleIdentifier) in \(url.path):\n"
            text += table.rendered
            return text + Self.notes(usage: entry.usageDescription, file: url)
        }

        /// What the administrator should know about an entry just written: no purpose string, or not root's.
        static func notes(usage: String?, file: URL) -> String {
            var text = ""
            if usage == nil {
                text += "Note: without --usage contactsd refuses the app: it has no purpose string to show the person "
                text += "(an app without NSContactsUsageDescription may not use contacts).\n"
            }
            let uid = geteuid()
            if uid != 0 {
                text += "Note: \(file.lastPathComponent) belongs to you (uid \(uid)), not root: only a contactsd "
                text += "running as uid \(uid) trusts it; the system's contactsd ignores it.\n"
            }
            return text
        }
    }
}
