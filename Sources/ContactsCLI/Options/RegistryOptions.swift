import ArgumentParser
import Foundation

/// The `--registry DIR` option of `contacts apps`: the daemon's app registry, `/etc/contacts/apps` by default.
package struct RegistryOptions: ParsableArguments {
    /// The registry `contacts daemon install` creates and the installed daemon reads.
    package static let defaultDirectory = "/etc/contacts/apps"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The app registry directory (default: \(RegistryOptions.defaultDirectory)).", valueName: "directory")
    )
    package var registry: String?

    package init() {}

    /// The registry directory.
    package var directory: URL {
        URL(fileURLWithPath: registry ?? Self.defaultDirectory)
    }

    /// The directory to write to; the system's registry only for root.
    ///
    /// - Throws: ``CommandFailure`` with ``ExitStatus/permission`` when a user other than root would change
    ///   the default registry: only root's files there are trusted, and the directory is root's.
    package func writableDirectory() throws(CommandFailure) -> URL {
        if registry == nil, geteuid() != 0 {
            throw CommandFailure(
                "only root may change the system's app registry \(Self.defaultDirectory)",
                exitCode: ExitStatus.permission,
                hint: "run it with sudo, or pass --registry DIR for a contactsd you run as yourself"
            )
        }
        return directory
    }
}
