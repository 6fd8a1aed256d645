import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an account's password from a file or standard input, never from the command line.
///
/// Arguments are readable by every user of the machine (`ps`, `/proc/PID/cmdline`) and end up in shell
/// history, so `accounts add` takes no password option. On a terminal the password is typed without echo.
package enum PasswordReader {
    /// The first line of `file`, else of standard input, without its line break.
    ///
    /// - Throws: ``CommandFailure``: ``ExitStatus/noInput`` for a file that cannot be read,
    ///   ``ExitStatus/dataError`` for an empty file, ``ExitStatus/usage`` when standard input has no password.
    package static func read(file: String?) throws(CommandFailure) -> String {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure("no such file: \(file)", exitCode: ExitStatus.noInput)
            }
            let password = firstLine(of: String(decoding: data, as: UTF8.self))
            guard !password.isEmpty else {
                throw CommandFailure("the password file \(file) is empty", exitCode: ExitStatus.dataError)
            }
            return password
        }
        let password = isatty(STDIN_FILENO) == 1 ? promptWithoutEcho() : readLine(strippingNewline: true)
        guard let password, !password.isEmpty else {
            throw CommandFailure(
                "no password on standard input", exitCode: ExitStatus.usage,
                hint: "pipe it in (for example from a password manager) or pass --password-file FILE")
        }
        return firstLine(of: password)
    }

    /// The text up to its first line break (LF or CRLF).
    static func firstLine(of text: String) -> String {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(line.hasSuffix("\r") ? line.dropLast() : line)
    }

    /// Asks on standard error and reads a line from the terminal with echo turned off, then restores it.
    private static func promptWithoutEcho() -> String? {
        StandardStreams.writeError("Password: ")
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return readLine(strippingNewline: true) }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        let line = readLine(strippingNewline: true)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        // The person's Return was not echoed either.
        StandardStreams.writeError("\n")
        return line
    }
}
