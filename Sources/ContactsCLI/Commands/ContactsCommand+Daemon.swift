import ArgumentParser

extension ContactsCommand {
    /// `contacts daemon ...`: the administrator's side of daemon mode (docs/Daemon.md, "Installing").
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set up contactsd and hand people's stores to it.",
            subcommands: [DaemonInstall.self, DaemonAdopt.self, DaemonRelease.self]
        )
    }
}
