import ArgumentParser
import ContactsSystem

/// A failure the tool reports on standard error: one line with the message, the CNError code when there is
/// one, and a hint; then the process exits with ``exitCode``.
///
/// Messages name files, identifiers and keys only, never names, numbers, addresses or vCard text.
package struct CommandFailure: Error, Hashable, Sendable {
    /// What went wrong, without personal data.
    package var message: String
    /// The exit code, from ``ExitStatus``.
    package var exitCode: Int32
    /// The CNError code behind the failure, if any.
    package var contactsCode: CNError.Code?
    /// What the person can do about it.
    package var hint: String?

    package init(_ message: String, exitCode: Int32, contactsCode: CNError.Code? = nil, hint: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.contactsCode = contactsCode
        self.hint = hint
    }

    /// The line written to standard error, without its newline.
    package var line: String {
        var text = "contacts: error: \(message)"
        if let contactsCode {
            text += " (CNError \(contactsCode.rawValue) \(Self.name(of: contactsCode)))"
        }
        if let hint {
            text += "; hint: \(hint)"
        }
        return text
    }

    /// Runs a command's body; any failure is written to standard error in one line and becomes the exit code.
    ///
    /// Errors of the argument parser (validation, clean exits, exit codes) pass through unchanged.
    package static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch let error as CleanExit {
            throw error
        } catch let error as ValidationError {
            throw error
        } catch {
            let failure = CommandFailure(describing: error)
            StandardStreams.writeError(failure.line + "\n")
            throw ExitCode(failure.exitCode)
        }
    }
}
