import ContactsSync
import ContactsSystem

extension CommandFailure {
    /// The failure for any error a command throws: CNError through the exit-code table, the rest as failures.
    package init(describing error: any Error) {
        if let failure = error as? CommandFailure {
            self = failure
        } else if let parseError = error as? VCardParseError {
            self = CommandFailure(parseError.contactsError)
        } else if let authorizationError = error as? AuthorizationError {
            // The privacy controls' own error: its message names only bundle identifiers and files, but the
            // tool reports it as the code an app would see, like every other store error.
            self = CommandFailure(authorizationError.cnError)
        } else if let syncError = error as? SyncError {
            self = CommandFailure(syncError)
        } else if let contactsError = error as? CNError {
            self = CommandFailure(contactsError)
        } else {
            self.init("unexpected failure (\(type(of: error)))", exitCode: ExitStatus.failure)
        }
    }

    /// The failure for a CNError: a message per code naming the affected identifiers, and a hint.
    package init(_ error: CNError, file: String? = nil) {
        let identifiers = error.affectedRecordIdentifiers ?? []
        let named = identifiers.isEmpty ? "" : " " + identifiers.joined(separator: ", ")
        var message: String
        var hint: String?
        switch error.code {
        case .recordDoesNotExist:
            message = "no record with the identifier\(named)"
            hint = "'contacts list', 'contacts groups list' and 'contacts containers list' show identifiers"
        case .parentRecordDoesNotExist:
            message = "the container or group\(named) does not exist"
            hint = "'contacts containers list' shows container identifiers"
        case .insertedRecordAlreadyExists:
            message = "the record\(named) already exists"
        case .dataAccessError:
            message = "the store could not be read or written"
            hint = "check the store file, its permissions and the free disk space ('contacts info')"
        case .vCardMalformed:
            let line = error.lineNumber.map { ":\($0)" } ?? ""
            message = "malformed vCard in \(file ?? "the input")\(line); nothing was imported"
            hint = "fix the card at that line and run the command again"
        case .validationMultipleErrors, .validationTypeMismatch, .validationConfigurationError:
            message = "the contact\(named) is not valid (keys: \((error.keyPaths ?? []).joined(separator: ", ")))"
        case .recordNotWritable, .parentContainerNotWritable:
            message = "the record or container\(named) is read-only"
        case .policyViolation:
            message = "the account does not allow this"
            hint = "exchange containers have no groups; the local container cannot be created"
        case .authorizationDenied, .unauthorizedKeys:
            message = "access denied"
        case .containmentCycle, .containmentScope:
            message = "the group change\(named) is not allowed"
        case .recordIdentifierInvalid:
            message = "an identifier\(named) is not valid here"
            hint = "with 'contacts link', --preferred must name one of the cards being linked"
        case .predicateInvalid:
            message = "the search is not valid"
            hint = "give at least one word, phone number or e-mail address"
        default:
            message = "the operation failed"
        }
        self.init(message, exitCode: ExitStatus.code(for: error.code), contactsCode: error.code, hint: hint)
    }

    /// The name of a CNError code as Apple spells the case.
    static func name(of code: CNError.Code) -> String {
        String(describing: code)
    }
}
