import Foundation

/// An error from the Contacts framework, in the domain `CNErrorDomain` with Apple's codes.
///
/// Catch a code directly, or inspect the error:
///
/// ```swift
/// do {
///     try store.execute(request)
/// } catch CNError.recordDoesNotExist {
///     // the contact was deleted meanwhile
/// } catch let error as CNError where error.code == .validationConfigurationError {
///     print(error.keyPaths ?? [])
/// }
/// ```
///
/// `error as NSError` has the domain "CNErrorDomain", the code's number and the userInfo keys Apple uses.
/// Descriptions name identifiers and keys, never contact data.
///
/// Parity: full. ``lineNumber`` is our addition.
public struct CNError: CustomNSError, Hashable, Sendable {
    /// The error's code.
    public let code: Code

    private let info: UserInfoBox

    /// Creates an error with a code and Apple's userInfo keys.
    ///
    /// - Parameters:
    ///   - code: The error code.
    ///   - userInfo: Values under the `CNErrorUserInfo…Key` constants and the usual `NSError` keys.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.info = UserInfoBox(userInfo)
    }

    /// Creates an error from an `NSError` of the Contacts domain.
    public init(_nsError error: NSError) {
        self.init(Code(rawValue: error.code) ?? .dataAccessError, userInfo: error.userInfo)
    }

    /// The error domain, "CNErrorDomain".
    public static var errorDomain: String { CNErrorDomain }

    /// The code's number.
    public var errorCode: Int { code.rawValue }

    /// The userInfo given at creation, with a localized description and failure reason added.
    public var errorUserInfo: [String: Any] {
        var result = info.values
        if result[NSLocalizedDescriptionKey] == nil {
            result[NSLocalizedDescriptionKey] = code.summary
        }
        if result[NSLocalizedFailureReasonErrorKey] == nil {
            result[NSLocalizedFailureReasonErrorKey] = failureReason
        }
        return result
    }

    /// The userInfo given at creation.
    public var userInfo: [String: Any] { info.values }

    /// The contacts, groups, containers or requests the error concerns.
    public var affectedRecords: [AnyObject]? {
        info.values[CNErrorUserInfoAffectedRecordsKey] as? [AnyObject]
    }

    /// The identifiers of the records the error concerns.
    public var affectedRecordIdentifiers: [String]? {
        info.values[CNErrorUserInfoAffectedRecordIdentifiersKey] as? [String]
    }

    /// The key paths of the properties that failed validation.
    public var keyPaths: [String]? {
        info.values[CNErrorUserInfoKeyPathsKey] as? [String]
    }

    /// The validation errors of a `validationMultipleErrors` error.
    public var validationErrors: [CNError]? {
        guard let errors = info.values[CNErrorUserInfoValidationErrorsKey] as? [any Error] else { return nil }
        return errors.compactMap { error in
            if let contactsError = error as? CNError { return contactsError }
            let bridged = error as NSError
            return bridged.domain == CNErrorDomain ? CNError(_nsError: bridged) : nil
        }
    }

    /// The 1-based line of the input a vCard error refers to. Our addition.
    public var lineNumber: Int? {
        info.values[ContactsErrorUserInfoLineNumberKey] as? Int
    }

    /// A sentence that names the identifiers and keys involved, never contact data.
    private var failureReason: String {
        var parts = [code.summary]
        if let identifiers = affectedRecordIdentifiers, !identifiers.isEmpty {
            parts.append("Records: \(identifiers.joined(separator: ", ")).")
        }
        if let keyPaths, !keyPaths.isEmpty {
            parts.append("Keys: \(keyPaths.joined(separator: ", ")).")
        }
        if let lineNumber {
            parts.append("Line \(lineNumber).")
        }
        return parts.joined(separator: " ")
    }

    public static func == (left: CNError, right: CNError) -> Bool {
        left.code == right.code && left.affectedRecordIdentifiers == right.affectedRecordIdentifiers
            && left.keyPaths == right.keyPaths && left.lineNumber == right.lineNumber
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(affectedRecordIdentifiers)
        hasher.combine(keyPaths)
    }
}

extension CNError: CustomStringConvertible {
    public var description: String {
        "CNError(\(code.rawValue)): \(failureReason)"
    }
}

extension CNError {
    /// Holds the userInfo dictionary, whose values are not statically Sendable.
    private final class UserInfoBox: @unchecked Sendable {
        // SAFETY: the dictionary is never mutated after initialization, and the records it holds are the
        // framework's immutable or caller-owned objects, as in Apple's NSError. TODO(#2): replace with typed
        // storage if Foundation's values become Sendable on Linux.
        let values: [String: Any]

        init(_ values: [String: Any]) {
            self.values = values
        }
    }
}
