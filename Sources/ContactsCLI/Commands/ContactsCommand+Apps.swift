import ArgumentParser
import ContactsDaemon
import Foundation

extension ContactsCommand {
    /// `contacts apps ...`: the administrator's registry of apps for contactsd (docs/Daemon.md).
    struct Apps: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register, list and remove the apps contactsd knows.",
            discussion: """
                contactsd identifies an app by the executable the kernel runs for it, hashed and looked up in the \
                app registry: one JSON file per app, owned by root and writable by no one else. Re-register an \
                app after updating it: its hash changes. A Flatpak app or a snap is registered by its app id or \
                snap name instead (--flatpak, --snap), and needs no re-registration when it is updated.
                """,
            subcommands: [AppRegister.self, AppList.self, AppRemove.self],
            defaultSubcommand: AppList.self
        )
    }

    struct AppList: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List registered apps: executable, whether contactsd trusts the file, whether the hash matches.")
        @OptionGroup var registryOptions: RegistryOptions
        @OptionGroup var output: OutputOptions
        @Option(
            name: .customLong("daemon-user"),
            help: ArgumentHelp(
                "The user contactsd runs as, whose files it trusts besides root's (default: contactsd).",
                valueName: "name"))
        var daemonUser = DaemonInstallation.defaultUser

        func run() throws {
            try CommandFailure.reporting {
                let owner = SystemUser.named(daemonUser)?.uid ?? 0
                let files = AppRegistry(directory: registryOptions.directory, trustedOwner: owner).files()
                for file in files where file.entry == nil && file.sandboxedEntry == nil {
                    StandardStreams.writeError(
                        "contacts: warning: \(file.url.path) is not a registry entry; contactsd ignores it\n")
                }
                let apps = files.compactMap(RegisteredApp.init)
                var buffer = BufferedOutput()
                if output.json {
                    buffer.write(try ContactJSON.text(apps))
                } else if apps.isEmpty {
                    buffer.line("No apps are registered in \(registryOptions.directory.path).")
                } else {
                    buffer.write(RegisteredApp.table(apps))
                }
                buffer.flush()
            }
        }
    }

    struct AppRemove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an app from the registry; contactsd refuses it from its next connection on.")
        @OptionGroup var registryOptions: RegistryOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "bundle-id"))
        var bundleIdentifier: String

        func run() throws {
            try CommandFailure.reporting {
                let directory = try registryOptions.writableDirectory()
                let files = AppRegistry(directory: directory, trustedOwner: 0).files().filter {
                    $0.entry?.bundleIdentifier == bundleIdentifier
                        || $0.sandboxedEntry?.bundleIdentifier == bundleIdentifier
                        || $0.url == AppRegistry.fileURL(bundleIdentifier: bundleIdentifier, in: directory)
                }
                guard !files.isEmpty else {
                    throw CommandFailure(
                        "no app with the bundle identifier \(bundleIdentifier) in \(directory.path)",
                        exitCode: ExitStatus.noRecord, hint: "'contacts apps list' shows the registered apps")
                }
                var buffer = BufferedOutput()
                for file in files {
                    do {
                        try FileManager.default.removeItem(at: file.url)
                    } catch {
                        throw CommandFailure.fileSystem("cannot remove \(file.url.path)", error)
                    }
                    buffer.line("Removed \(bundleIdentifier) (\(file.url.path)).")
                }
                buffer.flush()
            }
        }
    }
}
