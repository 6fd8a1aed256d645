import ContactsSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Many apps connected at once: child processes of this executable (the registered app) each hold many daemon
/// stores open, while this process runs `querying` more stores' queries all at the same moment.
///
/// Children rather than one process: every daemon store has a reader thread and a descriptor, and apps are
/// separate processes anyway. The children inherit the raised descriptor limit.
struct ConnectedClients {
    let total: Int
    let querying: Int
    let callsEach: Int
    let holders: Int

    struct Outcome {
        var connected = 0
        var errors = 0
        var daemonSockets = 0
        var daemon = Samples()
        var daemonWall = Duration.zero
        var embedded = Samples()
        var embeddedWall = Duration.zero
        var stillWorking = 0
    }

    /// Holds the other connections, queries from `querying` stores at once (and the same from as many embedded
    /// stores, for reference), then checks that every held connection still answers.
    func run(daemon: DaemonProcess, book: BenchmarkBook, storeURL: URL) throws -> Outcome {
        var outcome = Outcome()
        let held = total - querying
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var children: [(process: Process, input: Pipe, output: FileHandle)] = []
        defer {
            for child in children {
                try? child.input.fileHandleForWriting.close()
                child.process.waitUntilExit()
            }
        }
        for index in 0..<holders {
            let count = held / holders + (index < held % holders ? 1 : 0)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["hold", "\(count)"]
            var environment = ProcessInfo.processInfo.environment
            environment["CONTACTS_DAEMON_SOCKET"] = daemon.socketPath
            process.environment = environment
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            children.append((process, input, output.fileHandleForReading))
        }
        for child in children {
            let (ok, failed) = try Self.report(from: child.output, word: "ready")
            outcome.connected += ok
            outcome.errors += failed
        }

        let stores = (0..<querying).map { _ in CNContactStore() }
        for store in stores {
            if (try? store.containers(matching: nil)) != nil { outcome.connected += 1 } else { outcome.errors += 1 }
        }
        outcome.daemonSockets = daemon.openSockets()
        let (daemonSamples, daemonWall, daemonErrors) = concurrently(stores, book: book)
        outcome.daemon = daemonSamples
        outcome.daemonWall = daemonWall
        outcome.errors += daemonErrors

        let embeddedStores = (0..<querying).map { _ in
            CNContactStore(
                configuration: ContactStoreConfiguration(url: storeURL, accessor: .app(DaemonProcess.identity)))
        }
        let (embeddedSamples, embeddedWall, _) = concurrently(embeddedStores, book: book)
        outcome.embedded = embeddedSamples
        outcome.embeddedWall = embeddedWall

        for child in children {
            child.input.fileHandleForWriting.write(Data("check\n".utf8))
            let (ok, failed) = try Self.report(from: child.output, word: "checked")
            outcome.stillWorking += ok
            outcome.errors += failed
        }
        return outcome
    }

    /// Every store's thread fetches `callsEach` contacts by identifier (all keys but the image), all starting
    /// together; returns the latencies, the wall time of the whole and the errors.
    private func concurrently(_ stores: [CNContactStore], book: BenchmarkBook) -> (Samples, Duration, Int) {
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let results = Results()
        for (index, store) in stores.enumerated() {
            done.enter()
            // Threads of their own: each blocks in its calls, which must not starve Dispatch's small pool.
            let thread = Thread {
                var samples = Samples()
                var errors = 0
                let clock = ContinuousClock()
                start.wait()
                for call in 0..<callsEach {
                    let identifier = book.identifier(index * callsEach + call)
                    do {
                        let duration = try clock.measure {
                            _ = try store.unifiedContact(
                                withIdentifier: identifier, keysToFetch: BenchmarkBook.allKeysButImage)
                        }
                        samples.append(duration)
                    } catch {
                        errors += 1
                    }
                }
                results.add(samples, errors: errors)
                done.leave()
            }
            thread.start()
        }
        let began = ContinuousClock.now
        for _ in stores { start.signal() }
        done.wait()
        let wall = ContinuousClock.now - began
        return results.collected(wall: wall)
    }

    /// Reads a child's `WORD ok failed` line.
    private static func report(from output: FileHandle, word: String) throws -> (Int, Int) {
        var line = Data()
        while true {
            let byte = output.readData(ofLength: 1)
            guard !byte.isEmpty else { throw DriverError("a holding child ended early") }
            if byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard fields.count == 3, fields[0] == word, let ok = Int(fields[1]), let failed = Int(fields[2]) else {
            throw DriverError("a holding child said: \(String(decoding: line, as: UTF8.self))")
        }
        return (ok, failed)
    }

    /// The child's side: opens `count` daemon stores, each making a call so it is connected and identified,
    /// reports `ready OK FAILED`, then on each `check` line calls every store again and reports `checked OK
    /// FAILED`; ends when its input closes.
    static func hold(count: Int) -> Never {
        let stores = (0..<count).map { _ in CNContactStore() }
        func callEach() -> (Int, Int) {
            var ok = 0
            for store in stores where (try? store.containers(matching: nil)) != nil { ok += 1 }
            return (ok, count - ok)
        }
        let (ok, failed) = callEach()
        FileHandle.standardOutput.write(Data("ready \(ok) \(failed)\n".utf8))
        while let line = readLine() {
            guard line == "check" else { continue }
            let (ok, failed) = callEach()
            FileHandle.standardOutput.write(Data("checked \(ok) \(failed)\n".utf8))
        }
        exit(0)
    }
}

/// The querying threads' figures, gathered under a lock.
private final class Results: @unchecked Sendable {
    // SAFETY: `samples` and `errors` are touched only while `lock` is held.
    private let lock = NSLock()
    private var samples = Samples()
    private var errors = 0

    func add(_ more: Samples, errors failed: Int) {
        lock.withLock {
            samples.append(contentsOf: more)
            errors += failed
        }
    }

    func collected(wall: Duration) -> (Samples, Duration, Int) {
        lock.withLock { (samples, wall, errors) }
    }
}
