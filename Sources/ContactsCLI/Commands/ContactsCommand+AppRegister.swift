import ArgumentParser
import ContactsDaemon
import Foundation

extension ContactsCommand {
    /// `contacts apps register PATH --bundle-id ID`: the command contactsd names when it meets an unknown app.
    struct AppRegister: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "register",
            abstract: "Register an app's executable with contactsd.",
            discussion: """
                Writes DIR/ID.json with the executable's real path (links resolved, as the kernel shows it to \
                contactsd) and the SHA-256 of its bytes now. Writing the default registry needs root; files in \
                another registry belong to whoever wrote them, and contactsd trusts only root's and its own user's.
                """
        )

        @Argument(help: ArgumentHelp("The app's executable.", valueName: "path"))
        var path: String

        @Option(name: .customLong("bundle-id"), help: ArgumentHelp("The app's bundle identifier.", valueName: "id"))
        var bundleIdentifier: String

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

        @OptionGroup var registryOptions: RegistryOptions

        func validate() throws {
            // The identifier names the entry's file: no path separators, no hidden or parent-directory names.
            let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
            guard !bundleIdentifier.isEmpty, bundleIdentifier.count <= 255, !bundleIdentifier.hasPrefix("."),
                bundleIdentifier.unicodeScalars.allSatisfy(allowed.contains)
            else {
                throw ValidationError(
                    "--bundle-id must be letters, digits, '.', '-' and '_', not starting with '.' (org.example.app).")
            }
        }

        func run() throws {
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
                        usageDescription: usage, entitlements: entitlements, in: directory)
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
            var text = "\(replaced ? "Updated" : "Registered") \(entry.bundleIdentifier) in \(url.path):\n"
            text += table.rendered
            if entry.usageDescription == nil {
                text += "Note: without --usage contactsd refuses the app: it has no purpose string to show the person "
                text += "(an app without NSContactsUsageDescription may not use contacts).\n"
            }
            let uid = geteuid()
            if uid != 0 {
                text += "Note: \(url.lastPathComponent) belongs to you (uid \(uid)), not root: only a contactsd "
                text += "running as uid \(uid) trusts it; the system's contactsd ignores it.\n"
            }
            return text
        }
    }
}
