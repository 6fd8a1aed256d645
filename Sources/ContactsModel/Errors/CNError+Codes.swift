import Foundation

// Static members and a pattern operator make `catch CNError.recordDoesNotExist` work as on Apple platforms.
extension CNError {
    /// The code `communicationError` (1).
    public static var communicationError: CNError.Code { .communicationError }
    /// The code `dataAccessError` (2).
    public static var dataAccessError: CNError.Code { .dataAccessError }
    /// The code `authorizationDenied` (100).
    public static var authorizationDenied: CNError.Code { .authorizationDenied }
    /// The code `noAccessableWritableContainers` (101).
    public static var noAccessableWritableContainers: CNError.Code { .noAccessableWritableContainers }
    /// The code `unauthorizedKeys` (102).
    public static var unauthorizedKeys: CNError.Code { .unauthorizedKeys }
    /// The code `featureDisabledByUser` (103).
    public static var featureDisabledByUser: CNError.Code { .featureDisabledByUser }
    /// The code `featureNotAvailable` (104).
    public static var featureNotAvailable: CNError.Code { .featureNotAvailable }
    /// The code `recordDoesNotExist` (200).
    public static var recordDoesNotExist: CNError.Code { .recordDoesNotExist }
    /// The code `insertedRecordAlreadyExists` (201).
    public static var insertedRecordAlreadyExists: CNError.Code { .insertedRecordAlreadyExists }
    /// The code `containmentCycle` (202).
    public static var containmentCycle: CNError.Code { .containmentCycle }
    /// The code `containmentScope` (203).
    public static var containmentScope: CNError.Code { .containmentScope }
    /// The code `parentRecordDoesNotExist` (204).
    public static var parentRecordDoesNotExist: CNError.Code { .parentRecordDoesNotExist }
    /// The code `recordIdentifierInvalid` (205).
    public static var recordIdentifierInvalid: CNError.Code { .recordIdentifierInvalid }
    /// The code `recordNotWritable` (206).
    public static var recordNotWritable: CNError.Code { .recordNotWritable }
    /// The code `parentContainerNotWritable` (207).
    public static var parentContainerNotWritable: CNError.Code { .parentContainerNotWritable }
    /// The code `validationMultipleErrors` (300).
    public static var validationMultipleErrors: CNError.Code { .validationMultipleErrors }
    /// The code `validationTypeMismatch` (301).
    public static var validationTypeMismatch: CNError.Code { .validationTypeMismatch }
    /// The code `validationConfigurationError` (302).
    public static var validationConfigurationError: CNError.Code { .validationConfigurationError }
    /// The code `predicateInvalid` (400).
    public static var predicateInvalid: CNError.Code { .predicateInvalid }
    /// The code `policyViolation` (500).
    public static var policyViolation: CNError.Code { .policyViolation }
    /// The code `clientIdentifierInvalid` (600).
    public static var clientIdentifierInvalid: CNError.Code { .clientIdentifierInvalid }
    /// The code `clientIdentifierDoesNotExist` (601).
    public static var clientIdentifierDoesNotExist: CNError.Code { .clientIdentifierDoesNotExist }
    /// The code `clientIdentifierCollision` (602).
    public static var clientIdentifierCollision: CNError.Code { .clientIdentifierCollision }
    /// The code `changeHistoryExpired` (603).
    public static var changeHistoryExpired: CNError.Code { .changeHistoryExpired }
    /// The code `changeHistoryInvalidAnchor` (604).
    public static var changeHistoryInvalidAnchor: CNError.Code { .changeHistoryInvalidAnchor }
    /// The code `changeHistoryInvalidFetchRequest` (605).
    public static var changeHistoryInvalidFetchRequest: CNError.Code { .changeHistoryInvalidFetchRequest }
    /// The code `vCardMalformed` (700).
    public static var vCardMalformed: CNError.Code { .vCardMalformed }
    /// The code `vCardSummarizationError` (701).
    public static var vCardSummarizationError: CNError.Code { .vCardSummarizationError }
}

extension CNError.Code {
    /// Matches an error against a code, for `catch CNError.someCode` clauses.
    public static func ~= (match: CNError.Code, error: any Error) -> Bool {
        if let contactsError = error as? CNError {
            return contactsError.code == match
        }
        let bridged = error as NSError
        return bridged.domain == CNErrorDomain && bridged.code == match.rawValue
    }
}
