import Foundation

/// Type-checks a small client source file against the modules this test run was built with, as another
/// package depending on ours would see them.
///
/// Tests use it to prove what a client can and cannot name: a probe that imports only `Contacts` must not
/// reach the system side, and code in our own package must not reach the database without the gate. The
/// modules, module maps and package name are read from the build folder of the running test binary, so the
/// probe sees exactly what `swift build` produced, wherever the build folder is.
package struct ModuleProbe: Sendable {
    /// What the compiler said.
    package struct Outcome: Sendable {
        package var succeeded: Bool
        package var diagnostics: String
    }

    /// The folder with the built `.swiftmodule` files.
    package let modules: URL
    /// `-Xcc -fmodule-map-file=...` for the C modules the Swift modules import.
    package let moduleMapFlags: [String]
    /// The package name our own modules were compiled with, for probes that act as code of this package.
    package let packageName: String?

    /// Finds the build folder of the running test binary.
    ///
    /// - Returns: The probe, or nil when the build folder cannot be found (the caller should fail).
    package static func forRunningTests() -> ModuleProbe? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // The binary may sit inside a bundle (swift-contactsPackageTests.xctest on some layouts).
        for _ in 0..<3 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules").path) {
            directory = directory.deletingLastPathComponent()
        }
        let modules = directory.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("Contacts.swiftmodule").path) else {
            return nil
        }
        // <scratch>/<triple>/debug/Modules: the build description is <scratch>/debug.yaml.
        let scratch = directory.deletingLastPathComponent().deletingLastPathComponent()
        let description =
            (try? String(
                contentsOf: scratch.appendingPathComponent("\(directory.lastPathComponent).yaml"), encoding: .utf8))
            ?? ""
        return ModuleProbe(
            modules: modules, moduleMapFlags: moduleMapFlags(in: description),
            packageName: packageName(of: "ContactsEngine", in: description))
    }

    /// Type-checks a source file.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - asPackageMember: Whether to compile it as a module of our own package (so `package` declarations
    ///     are visible), as a new file of ours would be.
    package func typeCheck(_ source: String, asPackageMember: Bool = false) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Probe.swift")
        try Data(source.utf8).write(to: file)
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Probe", "-I", modules.path]
        arguments += moduleMapFlags
        if asPackageMember, let packageName { arguments += ["-package-name", packageName] }
        arguments.append(file.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(succeeded: process.terminationStatus == 0, diagnostics: String(decoding: data, as: UTF8.self))
    }

    private static func moduleMapFlags(in description: String) -> [String] {
        let marker = "-fmodule-map-file="
        var paths = Set<String>()
        var rest = Substring(description)
        while let range = rest.range(of: marker) {
            let tail = rest[range.upperBound...]
            let end = tail.firstIndex { $0 == "\"" || $0 == " " || $0 == "\n" } ?? tail.endIndex
            paths.insert(String(tail[..<end]))
            rest = tail[end...]
        }
        return paths.sorted().flatMap { ["-Xcc", marker + $0] }
    }

    /// The `-package-name` of the command that compiles a module of ours.
    private static func packageName(of module: String, in description: String) -> String? {
        for line in description.split(separator: "\n") where line.contains("\"-module-name\",\"\(module)\"") {
            guard let range = line.range(of: "\"-package-name\",\"") else { continue }
            let tail = line[range.upperBound...]
            return tail.firstIndex(of: "\"").map { String(tail[..<$0]) }
        }
        return nil
    }

    /// The public members a type declares in a module, from the module's symbol graph, as "kind name" strings
    /// ("method unifiedContacts(matching:keysToFetch:)", "type.method authorizationStatus(for:)").
    package func publicMembers(of type: String, in module: String) throws -> Set<String> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = [
            "swift", "symbolgraph-extract", "-module-name", module, "-I", modules.path, "-target",
            "x86_64-unknown-linux-gnu", "-minimum-access-level", "public", "-output-dir", directory.path,
        ]
        #if arch(arm64)
            arguments[7] = "aarch64-unknown-linux-gnu"
        #endif
        arguments += moduleMapFlags
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        let data = try Data(contentsOf: directory.appendingPathComponent("\(module).symbols.json"))
        let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        var members = Set<String>()
        for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
            guard let path = symbol["pathComponents"] as? [String], path.count == 2, path[0] == type,
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
                let title = (symbol["names"] as? [String: Any])?["title"] as? String
            else { continue }
            members.insert("\(kind.replacingOccurrences(of: "swift.", with: "")) \(title)")
        }
        return members
    }
}
