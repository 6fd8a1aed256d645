import Foundation

/// The domain of Contacts errors.
public let CNErrorDomain: String = "CNErrorDomain"

/// The userInfo key of the records an error concerns: contacts, groups, containers or requests.
public let CNErrorUserInfoAffectedRecordsKey: String = "CNErrorUserInfoAffectedRecordsKey"
/// The userInfo key of the identifiers of the records an error concerns.
public let CNErrorUserInfoAffectedRecordIdentifiersKey: String = "CNErrorUserInfoAffectedRecordIdentifiersKey"
/// The userInfo key of the validation errors a `validationMultipleErrors` error holds.
public let CNErrorUserInfoValidationErrorsKey: String = "CNErrorUserInfoValidationErrorsKey"
/// The userInfo key of the key paths of the properties that failed validation.
public let CNErrorUserInfoKeyPathsKey: String = "CNErrorUserInfoKeyPathsKey"

/// The userInfo key of the 1-based line number of a vCard error.
///
/// Parity: our addition; Apple's vCard errors do not say where the input is malformed.
public let ContactsErrorUserInfoLineNumberKey: String = "ContactsErrorUserInfoLineNumberKey"
