import Foundation

extension CNError {
    /// The codes of Contacts errors, with Apple's numbers.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// The contacts service could not be reached.
        case communicationError = 1
        /// The database failed; also the code of unexpected internal failures.
        case dataAccessError = 2
        /// The app is not authorized to access contacts.
        case authorizationDenied = 100
        /// No container can take a new contact.
        case noAccessableWritableContainers = 101
        /// The app asked for keys it is not entitled to, such as the note without the notes entitlement.
        case unauthorizedKeys = 102
        /// The person turned the feature off.
        case featureDisabledByUser = 103
        /// The feature is not available.
        case featureNotAvailable = 104
        /// The record does not exist, or the app may not see it.
        case recordDoesNotExist = 200
        /// The record being added is already in the store.
        case insertedRecordAlreadyExists = 201
        /// Adding a subgroup would make a group contain itself.
        case containmentCycle = 202
        /// A member or subgroup is in a different container from its group.
        case containmentScope = 203
        /// The parent group or container does not exist.
        case parentRecordDoesNotExist = 204
        /// The record identifier is malformed.
        case recordIdentifierInvalid = 205
        /// The record is read-only.
        case recordNotWritable = 206
        /// The container is read-only.
        case parentContainerNotWritable = 207
        /// Several different validation errors; the list is under `CNErrorUserInfoValidationErrorsKey`.
        case validationMultipleErrors = 300
        /// A property holds a value of the wrong type.
        case validationTypeMismatch = 301
        /// A property's value is not a valid configuration, such as a birthday without a day.
        case validationConfigurationError = 302
        /// The predicate is not one the store supports.
        case predicateInvalid = 400
        /// The container's policy forbids the change.
        case policyViolation = 500
        /// The change-history client identifier is invalid.
        case clientIdentifierInvalid = 600
        /// The change-history client identifier does not exist.
        case clientIdentifierDoesNotExist = 601
        /// The change-history client identifier is already in use.
        case clientIdentifierCollision = 602
        /// The change history for the token has expired.
        case changeHistoryExpired = 603
        /// The change-history token is not valid.
        case changeHistoryInvalidAnchor = 604
        /// The change-history fetch request is not valid.
        case changeHistoryInvalidFetchRequest = 605
        /// The vCard data is malformed.
        case vCardMalformed = 700
        /// The vCard could not be summarized.
        case vCardSummarizationError = 701
    }
}

/// The Objective-C name of `CNError.Code`.
public typealias CNErrorCode = CNError.Code

extension CNError.Code {
    /// A short description of the code, in our own words; it never carries personal data.
    package var summary: String {
        switch self {
        case .communicationError: "The contacts service could not be reached."
        case .dataAccessError: "The contacts database could not be read or written."
        case .authorizationDenied: "Access to contacts is not authorized."
        case .noAccessableWritableContainers: "No account can take new contacts."
        case .unauthorizedKeys: "The app is not entitled to some of the requested keys."
        case .featureDisabledByUser: "This feature is turned off in the person's settings."
        case .featureNotAvailable: "This feature is not available."
        case .recordDoesNotExist: "The record does not exist."
        case .insertedRecordAlreadyExists: "The record is already in the store."
        case .containmentCycle: "The change would make a group contain itself."
        case .containmentScope: "The records are in different containers."
        case .parentRecordDoesNotExist: "The parent record does not exist."
        case .recordIdentifierInvalid: "The record identifier is not valid."
        case .recordNotWritable: "The record cannot be changed."
        case .parentContainerNotWritable: "The container cannot be changed."
        case .validationMultipleErrors: "Several properties are not valid."
        case .validationTypeMismatch: "A property holds a value of the wrong type."
        case .validationConfigurationError: "A property's value is not a valid combination of fields."
        case .predicateInvalid: "The predicate is not supported here."
        case .policyViolation: "The account's policy does not allow this change."
        case .clientIdentifierInvalid: "The change-history client identifier is not valid."
        case .clientIdentifierDoesNotExist: "The change-history client identifier does not exist."
        case .clientIdentifierCollision: "The change-history client identifier is already in use."
        case .changeHistoryExpired: "The change history for this token is no longer available."
        case .changeHistoryInvalidAnchor: "The change-history token is not valid."
        case .changeHistoryInvalidFetchRequest: "The change-history request is not valid."
        case .vCardMalformed: "The vCard data is malformed."
        case .vCardSummarizationError: "The vCard could not be summarized."
        }
    }
}
