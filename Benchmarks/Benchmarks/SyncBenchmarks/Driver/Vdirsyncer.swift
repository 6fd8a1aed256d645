import Foundation

/// vdirsyncer syncing the benchmark's address book to a vdir (a folder of .vcf files), with a fresh status folder.
///
/// `collections = null` syncs the book at the URL as it is, as our account does. `vdirsyncer discover` runs
/// once, untimed; only `vdirsyncer sync` is timed.
struct Vdirsyncer {
    let executable: String
    let directory: URL

    var config: URL { directory.appendingPathComponent("config") }

    /// Writes a configuration for a book into a fresh folder and runs discovery.
    static func prepare(executable: String, directory: URL, bookURL: URL, username: String, password: String) throws
        -> Vdirsyncer
    {
        let vdir = directory.appendingPathComponent("vdir")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        let config = """
            [general]
            status_path = "\(directory.appendingPathComponent("status").path)/"

            [pair bench]
            a = "bench_remote"
            b = "bench_local"
            collections = null
            conflict_resolution = "a wins"

            [storage bench_remote]
            type = "carddav"
            url = "\(bookURL.absoluteString)"
            username = "\(username)"
            password = "\(password)"

            [storage bench_local]
            type = "filesystem"
            path = "\(vdir.path)/"
            fileext = ".vcf"

            """
        let syncer = Vdirsyncer(executable: executable, directory: directory)
        try Data(config.utf8).write(to: syncer.config)
        _ = try syncer.run("discover")
        return syncer
    }

    /// Runs one command to its end: its wall time and peak memory.
    @discardableResult
    func run(_ command: String) throws -> ChildProcess.Outcome {
        try ChildProcess(
            executable: executable, arguments: ["--config", config.path, command],
            logFile: directory.appendingPathComponent("\(command).log")
        ).runChecked()
    }

    /// The number of cards in the vdir.
    func cardCount() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("vdir").path)
            .filter { $0.hasSuffix(".vcf") }.count
    }
}
