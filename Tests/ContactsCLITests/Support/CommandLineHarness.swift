import Foundation
import Testing

/// Runs the built `contacts` executable (or the example app) in a private temporary world: its own HOME,
/// XDG folders and store, an English locale, so the person's real store is never touched.
final class CommandLineHarness: Sendable {
    /// What a run printed and how it ended.
    struct Result: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The temporary folder of this harness.
    let directory: URL
    /// The store file every command is given with --store (created by `init` or `--create`).
    let storePath: String

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-cli-test-\(UUID().uuidString)", isDirectory: true)
        for folder in ["home", "data", "config"] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        storePath = directory.appendingPathComponent("Contacts.sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The repository root, from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A built product: next to the test bundle (SwiftPM builds the executables a test target depends on),
    /// else in the repository's .build/debug.
    static func product(_ name: String) throws -> URL {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent(name))
        }
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug/\(name)"))
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "build the \(name) product first")
    }

    /// The environment of every run: nothing from the person's.
    func environment(_ extra: [String: String]) -> [String: String] {
        var environment = [
            "HOME": directory.appendingPathComponent("home").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "PATH": "/usr/bin:/bin",
            "LANG": "en_US.UTF-8",
            "CONTACTS_POLICY": directory.appendingPathComponent("no-policy.json").path,
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `contacts` with arguments; `--store` is added unless `store` is false.
    @discardableResult
    func contacts(
        _ arguments: [String], store: Bool = true, environment extra: [String: String] = [:], input: String? = nil
    ) throws -> Result {
        try run(
            Self.product("contacts"), arguments + (store ? ["--store", storePath] : []), environment: extra,
            input: input)
    }

    /// Runs an executable and waits for it; output goes through files, so large outputs cannot block.
    ///
    /// - Parameter input: The text on standard input; none (`/dev/null`) by default.
    func run(
        _ executable: URL, _ arguments: [String], environment extra: [String: String] = [:], input: String? = nil
    ) throws -> Result {
        let id = UUID().uuidString
        let outputURL = directory.appendingPathComponent("out-\(id)")
        let errorURL = directory.appendingPathComponent("err-\(id)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(extra)
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = error
        if let input {
            let inputURL = directory.appendingPathComponent("in-\(id)")
            try Data(input.utf8).write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Result(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8)
        )
    }

    /// Creates the store and imports the example address book.
    func importExampleAddressBook() throws {
        let result = try contacts(["import", "--create", Self.exampleAddressBook.path])
        #expect(result.status == 0, "\(result.standardError)")
    }

    static var exampleAddressBook: URL {
        repositoryRoot.appendingPathComponent("Examples/AddressBook.vcf")
    }

    /// Writes a file into the harness folder and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A 1 KB SQLite database of another program (one table, "notes").
    static let foreignSQLiteDatabase =
        Data(
            base64Encoded:
                "U1FMaXRlIGZvcm1hdCAzAAIAAQEAQCAgAAAAAQAAAAIAAAAAAAAAAAAAAAEAAAAEAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABAC5jAQ0AAAABAbMAAbMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAASwEGFxcXAXd0YWJsZW5vdGVzbm90ZXMCQ1JFQVRFIFRBQkxFIG5vdGVzKGlkIElOVEVHRVIgUFJJTUFSWSBLRVksIGJvZHkgVEVYVCkNAAAAAAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="
        ) ?? Data()

    /// The identifier of the first contact a name search finds.
    func identifier(ofContactNamed name: String) throws -> String {
        let result = try contacts(["search", "--json", name])
        let data = Data(result.standardOutput.utf8)
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try #require(objects.first?["identifier"] as? String)
    }
}
