import ContactsModel
import ContactsPrivacy
import Testing

@Suite struct AuthorizationErrorTests {
    @Test(arguments: [
        (AuthorizationError.Code.infoPlistMissing, CNError.Code.dataAccessError),
        (.infoPlistMalformed, .dataAccessError),
        (.bundleIdentifierMissing, .dataAccessError),
        (.entitlementsMalformed, .dataAccessError),
        (.policyMalformed, .dataAccessError),
        (.consentSettingMalformed, .dataAccessError),
        (.restrictedByAdministrator, .authorizationDenied),
        (.storageFailed, .dataAccessError),
    ])
    func mapsToTheContactsErrorAnAppSees(code: AuthorizationError.Code, expected: CNError.Code) {
        #expect(AuthorizationError(code, message: "m").cnError.code == expected)
    }

    @Test func storageFailurePassesItsCauseThrough() {
        let error = AuthorizationError(.storageFailed, message: "m", cause: CNError(.communicationError))
        #expect(error.cnError.code == .communicationError)
    }

    @Test func descriptionNamesTheCodeAndMessageAndLocationIsRecorded() {
        let error = AuthorizationError(.policyMalformed, message: "The policy file is not a JSON object.")
        #expect(error.description == "AuthorizationError(policyMalformed): The policy file is not a JSON object.")
        #expect(error.location.contains("AuthorizationErrorTests.swift"))
    }
}
