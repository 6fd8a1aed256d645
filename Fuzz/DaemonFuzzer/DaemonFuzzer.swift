import CFuzzerDriver
import ContactsProtocol
import Foundation

// libFuzzer's entry points for contactsd's decoder and request handlers (docs/Daemon.md, "Fuzzing").
//
// Each input is written to a fresh connection of a daemon running in this process, the client's side is then
// closed, and the reply is read until the daemon closes too. A crash or a trap anywhere in the daemon ends this
// process, which libFuzzer reports with the input. A daemon that neither answers nor closes within the timeout is
// a hang and is reported as one (a trap with its own message). Every 64 inputs a well-behaved client checks that
// the daemon still greets and answers, so an input that breaks the daemon for everyone else is caught too.

nonisolated(unsafe) private var inputs = 0
// SAFETY: libFuzzer calls LLVMFuzzerTestOneInput on one thread.

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    if let directory = ProcessInfo.processInfo.environment["CONTACTS_FUZZ_WRITE_SEEDS"] {
        do {
            try FuzzSeeds.write(to: URL(fileURLWithPath: directory))
            exit(0)
        } catch {
            fatalError("the seeds could not be written: \(error)")
        }
    }
    do {
        try FuzzDaemon.start()
    } catch {
        fatalError("the daemon did not start: \(error)")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    let path = input.asPersonAgent ? FuzzDaemon.agentSocketPath : FuzzDaemon.socketPath
    guard let connection = FuzzConnection(path: path, timeoutSeconds: 20) else {
        fatalError("the daemon refused a connection")
    }
    _ = connection.write(input.bytes)
    connection.finishWriting()
    guard connection.readToEnd() != nil else { fatalError("the daemon neither answered nor closed the connection") }
    connection.close()
    inputs += 1
    if inputs % 64 == 0 { FuzzHealthCheck.run() }
    return 0
}

/// The process's entry point. SwiftPM names an executable's entry `<module>_main` and points `main` at it, which
/// would hide libFuzzer's own `main`; so this one hands over to libFuzzer's driver.
@_cdecl("DaemonFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in testOneInput(data, size) }
}
