import ContactsDaemon
import Foundation

extension ContactsCommand.AppRegister {
    /// `--flatpak APP_ID` or `--snap NAME`: an entry keyed by the sandbox's identity, with no executable.
    func registerSandboxed(_ sandbox: AppRegistry.Sandbox, id: String) throws {
        try CommandFailure.reporting {
            let directory = try registryOptions.writableDirectory()
            let bundle = bundleIdentifier ?? id
            let target = AppRegistry.fileURL(bundleIdentifier: bundle, in: directory)
            let registry = AppRegistry(directory: directory, trustedOwner: geteuid())
            if let other = registry.files().first(where: {
                $0.sandboxedEntry?.sandbox == sandbox && $0.sandboxedEntry?.sandboxID == id && $0.url != target
            }) {
                throw CommandFailure(
                    "the \(sandbox.rawValue) app \(id) is already registered as \(other.sandboxedEntry?.bundleIdentifier ?? "?")",
                    exitCode: ExitStatus.cannotCreate,
                    hint: "one sandboxed app is one app; remove it with 'contacts apps remove' first")
            }
            let replaced = FileManager.default.fileExists(atPath: target.path)
            let url: URL
            do {
                url = try AppRegistry.register(
                    sandbox: sandbox, id: id, bundleIdentifier: bundle, displayName: name, usageDescription: usage,
                    entitlements: entitlements, webOrigin: webOrigin.flatMap(AppRegistry.webOrigin), in: directory)
            } catch {
                throw CommandFailure.fileSystem("cannot write \(target.path)", error)
            }
            var table = TextTable()
            table.append(["  \(sandbox.rawValue)", id])
            if let name { table.append(["  name", name]) }
            if let usage { table.append(["  usage", usage]) }
            for entitlement in entitlements { table.append(["  entitlement", entitlement]) }
            if let origin = webOrigin.flatMap(AppRegistry.webOrigin) { table.append(["  web origin", origin]) }
            let text = "\(replaced ? "Updated" : "Registered") \(bundle) in \(url.path):\n" + table.rendered
            var buffer = BufferedOutput()
            buffer.write(text + Self.notes(usage: usage, file: url))
            buffer.flush()
        }
    }
}
