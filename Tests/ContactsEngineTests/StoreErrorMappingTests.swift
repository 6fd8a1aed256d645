import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

@Suite struct StoreErrorMappingTests {
    @Test(arguments: [
        (StoreError.Code.databaseFailure, CNError.Code.dataAccessError),
        (.cannotOpen, .dataAccessError),
        (.recordDoesNotExist, .recordDoesNotExist),
        (.recordAlreadyExists, .insertedRecordAlreadyExists),
        (.containmentCycle, .containmentCycle),
        (.containmentScope, .containmentScope),
        (.parentRecordDoesNotExist, .parentRecordDoesNotExist),
        (.identifierInvalid, .recordIdentifierInvalid),
        (.recordNotWritable, .recordNotWritable),
        (.parentContainerNotWritable, .parentContainerNotWritable),
        (.noWritableContainer, .noAccessableWritableContainers),
        (.policyViolation, .policyViolation),
        (.predicateInvalid, .predicateInvalid),
    ])
    func everyStoreErrorCodeMapsToItsContactsCode(code: StoreError.Code, expected: CNError.Code) {
        let error = StoreError(code, "test", affectedIdentifiers: ["a:ABPerson"])
        #expect(error.contactsError.code == expected)
        #expect(error.contactsError.affectedRecordIdentifiers == ["a:ABPerson"])
    }

    @Test(arguments: [
        ResultCode.SQLITE_FULL, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_CORRUPT, .SQLITE_BUSY, .SQLITE_CONSTRAINT,
    ])
    func sqliteErrorsMapToDataAccessError(resultCode: ResultCode) {
        let error = StoreError.wrapping(DatabaseError(resultCode: resultCode, message: "x"))
        #expect(error.code == .databaseFailure)
        #expect(error.contactsError.code == .dataAccessError)
    }

    @Test func validationErrorsPassThroughUnchanged() {
        let validation = CNError(
            .validationConfigurationError, userInfo: [CNErrorUserInfoKeyPathsKey: ["birthday.day"]])
        #expect(StoreError.validation(validation).contactsError == validation)
    }

    @Test func descriptionNamesCodeAndLocationButNoValues() {
        let error = StoreError(.recordDoesNotExist, "contact a:ABPerson does not exist")
        #expect(error.description.contains("recordDoesNotExist"))
        #expect(error.description.contains("StoreErrorMappingTests.swift"))
    }
}
