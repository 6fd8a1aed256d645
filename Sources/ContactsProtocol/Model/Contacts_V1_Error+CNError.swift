import ContactsModel
import Foundation

extension Contacts_V1_Error {
    /// The message for a Contacts error: its code, the identifiers of the records it concerns, its key paths
    /// and, for `validationMultipleErrors`, the errors it combines.
    ///
    /// The records themselves (`CNErrorUserInfoAffectedRecordsKey`) are objects and stay on their side; the
    /// client finds the app's own objects again by identifier. Nothing else of the userInfo crosses, so a
    /// message or a value an error might hold never leaves the process.
    ///
    /// - Parameter error: The error the store threw.
    package init(_ error: CNError) {
        self.init()
        code = Int32(error.code.rawValue)
        affectedRecordIdentifiers = error.affectedRecordIdentifiers ?? []
        keyPaths = error.keyPaths ?? []
        validationErrors = (error.validationErrors ?? []).map(Contacts_V1_Error.init)
        lineNumber = Int64(error.lineNumber ?? 0)
        fileNumber = UInt32(clamping: error.userInfo[CNError.wireFileNumberKey] as? Int ?? 0)
    }

    /// The message for a broken protocol: `communicationError` with the wire code and message for developers.
    ///
    /// - Parameter error: What the daemon found wrong with the client's frames or messages.
    package init(_ error: WireError) {
        self.init(error.contactsError)
        debugDescription_p = "\(error.code): \(error.message)"
    }
}

extension CNError {
    /// The userInfo key of `Error.file_number` (the file of a multi-file import, from 1), until the import's
    /// client turns it into `NSFilePathErrorKey`.
    package static let wireFileNumberKey = "ContactsWireFileNumber"

    /// The error a message describes.
    ///
    /// An empty list of identifiers or key paths becomes an absent one (nil), as the wire cannot tell them
    /// apart and the store never reports empty lists. A code this build does not know, from a newer daemon,
    /// becomes `dataAccessError` (2), as an `NSError` of the Contacts domain with an unknown code does when
    /// bridged; the debug description then names the code the daemon sent.
    ///
    /// - Parameter message: An error message from the daemon.
    package init(wire message: Contacts_V1_Error) {
        var userInfo: [String: Any] = [:]
        if !message.affectedRecordIdentifiers.isEmpty {
            userInfo[CNErrorUserInfoAffectedRecordIdentifiersKey] = message.affectedRecordIdentifiers
        }
        if !message.keyPaths.isEmpty {
            userInfo[CNErrorUserInfoKeyPathsKey] = message.keyPaths
        }
        if !message.validationErrors.isEmpty {
            userInfo[CNErrorUserInfoValidationErrorsKey] = message.validationErrors.map { CNError(wire: $0) as NSError }
        }
        if message.lineNumber > 0 {
            userInfo[ContactsErrorUserInfoLineNumberKey] = Int(message.lineNumber)
        }
        if message.fileNumber > 0 {
            // The import's client replaces it with the file's path, which only the app knows.
            userInfo[Self.wireFileNumberKey] = Int(message.fileNumber)
        }
        var debugDescription = message.debugDescription_p
        let code = Code(rawValue: Int(message.code))
        if code == nil {
            debugDescription =
                "contactsd sent unknown error code \(message.code)"
                + (debugDescription.isEmpty ? "" : ": " + debugDescription)
        }
        if !debugDescription.isEmpty {
            userInfo[NSDebugDescriptionErrorKey] = debugDescription
        }
        self.init(code ?? .dataAccessError, userInfo: userInfo)
    }
}
