import ArgumentParser
import ContactsDaemon
import Foundation

extension ContactsCommand {
    /// `contacts daemon install`: the system user, directories and systemd unit of contactsd.
    struct DaemonInstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Set up contactsd: its system user, state and registry directories, and systemd unit.",
            discussion: """
                Creates what is missing and corrects owners and modes that differ; a second run changes nothing. \
                Does not start the daemon: run 'systemctl enable --now contactsd' afterwards. Needs root.
                """
        )

        @Option(help: ArgumentHelp("The daemon's system user.", valueName: "name"))
        var user = DaemonInstallation.defaultUser

        @Option(help: ArgumentHelp("The state directory (one store per person).", valueName: "directory"))
        var state = DaemonInstallation.defaultStateDirectory

        @Option(help: ArgumentHelp("The app registry directory.", valueName: "directory"))
        var registry = RegistryOptions.defaultDirectory

        @Option(help: ArgumentHelp("The Unix socket apps connect to.", valueName: "path"))
        var socket = DaemonInstallation.defaultSocket

        @Option(
            help: ArgumentHelp(
                "The contactsd executable (default: the one beside this contacts).", valueName: "path"))
        var executable: String?

        @Option(
            help: ArgumentHelp(
                "A prefix for every path written (a system image); the unit names the paths without it.",
                valueName: "directory"))
        var root: String?

        @Flag(
            inversion: .prefixedNo,
            help: ArgumentHelp(
                "Write /etc/xdg/autostart/\(AgentAutostart.fileName), so every desktop session starts this tool as "
                    + "the person's agent (contacts agent --open)."))
        var agentAutostart = true

        func validate() throws {
            for (name, path) in [("--state", state), ("--registry", registry), ("--socket", socket)]
            where !path.hasPrefix("/") {
                throw ValidationError("\(name) must be an absolute path.")
            }
        }

        func run() throws {
            try CommandFailure.reporting {
                guard geteuid() == 0 else { throw CommandFailure.needsRoot("contacts daemon install") }
                let installation = DaemonInstallation(
                    userName: user, stateDirectory: state, registryDirectory: registry, socket: socket,
                    executable: try ExecutableFile.resolve(executable ?? Self.besideThisTool()),
                    root: root.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? "",
                    agentTool: agentAutostart ? try Self.thisTool() : nil)
                let steps = try installation.install()
                var buffer = BufferedOutput()
                for step in steps { buffer.line(step.text) }
                if let tool = installation.agentTool, !Self.isRegisteredAgent(tool, in: installation.written(registry))
                {
                    buffer.line(
                        "The sessions' agent answers nobody until the administrator registers it: "
                            + DaemonInstallation.agentRegistration(tool))
                }
                if steps.contains(where: \.changed) {
                    buffer.line("Next: systemctl daemon-reload && systemctl enable --now contactsd")
                } else {
                    buffer.line("Nothing changed: contactsd is installed.")
                    buffer.line("Next, if it is not running: systemctl enable --now contactsd")
                }
                buffer.flush()
            }
        }

        /// Whether the registry has a trusted entry that makes `tool` the person's agent.
        private static func isRegisteredAgent(_ tool: String, in registry: String) -> Bool {
            AppRegistry(directory: URL(fileURLWithPath: registry), trustedOwner: 0).files().contains { file in
                file.isTrusted && file.entry?.executable == tool
                    && (file.entry?.entitlements ?? []).contains(DaemonConfiguration.personAgentEntitlement)
            }
        }

        /// The running `contacts`, as the kernel names it (links resolved).
        private static func thisTool() throws(CommandFailure) -> String {
            guard let tool = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
                throw CommandFailure(
                    "cannot find this executable", exitCode: ExitStatus.noInput, hint: "pass --executable PATH")
            }
            return tool
        }

        /// `contactsd` in the folder of the running `contacts` (both come from one build or package).
        private static func besideThisTool() throws(CommandFailure) -> String {
            let tool = try thisTool()
            let path = URL(fileURLWithPath: tool).deletingLastPathComponent().appendingPathComponent("contactsd").path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw CommandFailure(
                    "no contactsd beside \(tool)", exitCode: ExitStatus.noInput,
                    hint: "pass --executable PATH (swift build --product contactsd builds it)")
            }
            return path
        }
    }
}
