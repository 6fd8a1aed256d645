import ContactsModel
import Foundation
import GRDB

extension StoreError {
    /// The `CNError` an app sees for this error: the one place internal errors become public ones.
    package var contactsError: CNError {
        if code == .validation, let validationError { return validationError }
        var userInfo: [String: Any] = [:]
        if !affectedRecords.isEmpty {
            userInfo[CNErrorUserInfoAffectedRecordsKey] = affectedRecords
        }
        if !affectedIdentifiers.isEmpty {
            userInfo[CNErrorUserInfoAffectedRecordIdentifiersKey] = affectedIdentifiers
        }
        return CNError(Self.contactsCode(for: code), userInfo: userInfo)
    }

    /// The public code of each internal code.
    package static func contactsCode(for code: Code) -> CNError.Code {
        switch code {
        case .recordDoesNotExist: .recordDoesNotExist
        case .recordAlreadyExists: .insertedRecordAlreadyExists
        case .containmentCycle: .containmentCycle
        case .containmentScope: .containmentScope
        case .parentRecordDoesNotExist: .parentRecordDoesNotExist
        case .identifierInvalid: .recordIdentifierInvalid
        case .recordNotWritable: .recordNotWritable
        case .parentContainerNotWritable: .parentContainerNotWritable
        case .noWritableContainer: .noAccessableWritableContainers
        case .policyViolation: .policyViolation
        case .predicateInvalid: .predicateInvalid
        case .validation: .validationMultipleErrors
        default: .dataAccessError
        }
    }

    /// Wraps any error thrown inside the engine as a StoreError.
    package static func wrapping(_ error: any Error, file: String = #fileID, line: Int = #line) -> StoreError {
        if let storeError = error as? StoreError { return storeError }
        if let databaseError = error as? DatabaseError {
            // The SQLite message may quote SQL, never values: arguments are bound, not inlined.
            return StoreError(
                .databaseFailure,
                "SQLite error \(databaseError.extendedResultCode.rawValue)",
                cause: databaseError,
                file: file,
                line: line
            )
        }
        return StoreError(.databaseFailure, "unexpected error", cause: error, file: file, line: line)
    }

    /// Runs a closure and turns whatever it throws into the public CNError.
    package static func mapped<T>(_ body: () throws -> T) throws(CNError) -> T {
        do {
            return try body()
        } catch let error as CNError {
            throw error
        } catch {
            throw wrapping(error).contactsError
        }
    }
}
