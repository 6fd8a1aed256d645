import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct CNErrorTests {
    /// Every code with Apple's number (APPLE-API.md §16).
    static let codeNumbers: [CNError.Code: Int] = [
        .communicationError: 1, .dataAccessError: 2, .authorizationDenied: 100,
        .noAccessableWritableContainers: 101, .unauthorizedKeys: 102, .featureDisabledByUser: 103,
        .featureNotAvailable: 104, .recordDoesNotExist: 200, .insertedRecordAlreadyExists: 201,
        .containmentCycle: 202, .containmentScope: 203, .parentRecordDoesNotExist: 204,
        .recordIdentifierInvalid: 205, .recordNotWritable: 206, .parentContainerNotWritable: 207,
        .validationMultipleErrors: 300, .validationTypeMismatch: 301, .validationConfigurationError: 302,
        .predicateInvalid: 400, .policyViolation: 500, .clientIdentifierInvalid: 600,
        .clientIdentifierDoesNotExist: 601, .clientIdentifierCollision: 602, .changeHistoryExpired: 603,
        .changeHistoryInvalidAnchor: 604, .changeHistoryInvalidFetchRequest: 605, .vCardMalformed: 700,
        .vCardSummarizationError: 701,
    ]

    @Test func everyCodeIsInTheTable() {
        #expect(CNError.Code.allCases.count == 28)
        #expect(Set(CNError.Code.allCases) == Set(Self.codeNumbers.keys))
    }

    @Test(arguments: CNError.Code.allCases)
    func codeHasAppleNumber(code: CNError.Code) {
        #expect(code.rawValue == Self.codeNumbers[code])
        #expect(CNError.Code(rawValue: code.rawValue) == code)
        #expect(CNErrorCode(rawValue: code.rawValue) == code)
    }

    @Test(arguments: CNError.Code.allCases)
    func errorBridgesToNSErrorWithDomainAndCode(code: CNError.Code) {
        let error: any Error = CNError(code)
        let bridged = error as NSError
        #expect(bridged.domain == "CNErrorDomain")
        #expect(bridged.code == code.rawValue)
        #expect(CNError.errorDomain == CNErrorDomain)
        #expect(CNError(code).errorCode == code.rawValue)
    }

    @Test(arguments: CNError.Code.allCases)
    func localizedDescriptionIsOursAndNotGeneric(code: CNError.Code) {
        let error: any Error = CNError(code)
        #expect(error.localizedDescription == code.summary)
        #expect(!error.localizedDescription.contains("The operation could not be completed"))
        #expect(!error.localizedDescription.contains("CNErrorDomain"))
    }

    @Test func summariesAreDistinct() {
        let summaries = CNError.Code.allCases.map(\.summary)
        #expect(Set(summaries).count == summaries.count)
    }

    @Test func failureReasonNamesIdentifiersAndKeys() {
        let error = CNError(
            .validationConfigurationError,
            userInfo: [
                CNErrorUserInfoAffectedRecordIdentifiersKey: ["A:ABPerson"],
                CNErrorUserInfoKeyPathsKey: ["birthday.day"],
            ]
        )
        let reason = (error as NSError).localizedFailureReason ?? ""
        #expect(reason.contains("A:ABPerson"))
        #expect(reason.contains("birthday.day"))
        #expect(error.description.contains("302"))
    }

    @Test func callerDescriptionIsKept() {
        let error = CNError(.dataAccessError, userInfo: [NSLocalizedDescriptionKey: "Disk full."])
        #expect((error as NSError).localizedDescription == "Disk full.")
    }

    @Test func catchByStaticCodeMatches() {
        var caught = false
        do {
            throw CNError(.recordDoesNotExist)
        } catch CNError.recordDoesNotExist {
            caught = true
        } catch {
            caught = false
        }
        #expect(caught)
    }

    @Test func catchByStaticCodeDoesNotMatchOtherCodes() {
        var caughtWrong = false
        do {
            throw CNError(.insertedRecordAlreadyExists)
        } catch CNError.recordDoesNotExist {
            caughtWrong = true
        } catch {
            caughtWrong = false
        }
        #expect(!caughtWrong)
    }

    @Test func catchAsCNErrorWithWhereClauseMatches() {
        var keyPaths: [String]?
        do {
            throw CNError(.validationConfigurationError, userInfo: [CNErrorUserInfoKeyPathsKey: ["birthday.day"]])
        } catch let error as CNError where error.code == .validationConfigurationError {
            keyPaths = error.keyPaths
        } catch {
            keyPaths = nil
        }
        #expect(keyPaths == ["birthday.day"])
    }

    @Test func catchByStaticCodeMatchesAnNSErrorOfTheDomain() {
        var caught = false
        do {
            throw NSError(domain: CNErrorDomain, code: 200)
        } catch CNError.recordDoesNotExist {
            caught = true
        } catch {
            caught = false
        }
        #expect(caught)
        #expect(!(CNError.recordDoesNotExist ~= NSError(domain: "Other", code: 200)))
    }

    @Test func typedAccessorsReadUserInfo() throws {
        let contact = CNMutableContact()
        let inner = CNError(.validationTypeMismatch, userInfo: [CNErrorUserInfoKeyPathsKey: ["note"]])
        let error = CNError(
            .validationMultipleErrors,
            userInfo: [
                CNErrorUserInfoAffectedRecordsKey: [contact],
                CNErrorUserInfoAffectedRecordIdentifiersKey: [contact.identifier],
                CNErrorUserInfoKeyPathsKey: ["note", "birthday"],
                CNErrorUserInfoValidationErrorsKey: [inner as NSError, NSError(domain: "Other", code: 1)],
                ContactsErrorUserInfoLineNumberKey: 12,
            ]
        )
        let records = try #require(error.affectedRecords)
        #expect(records.count == 1)
        #expect(records.first === contact)
        #expect(error.affectedRecordIdentifiers == [contact.identifier])
        #expect(error.keyPaths == ["note", "birthday"])
        #expect(error.validationErrors == [inner])
        #expect(error.lineNumber == 12)
    }

    @Test func accessorsAreNilWithoutUserInfo() {
        let error = CNError(.dataAccessError)
        #expect(error.affectedRecords == nil)
        #expect(error.affectedRecordIdentifiers == nil)
        #expect(error.keyPaths == nil)
        #expect(error.validationErrors == nil)
        #expect(error.lineNumber == nil)
    }

    @Test func userInfoSurvivesBridgingToNSError() {
        let error = CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: ["A"]])
        let bridged = error as NSError
        #expect(bridged.userInfo[CNErrorUserInfoAffectedRecordIdentifiersKey] as? [String] == ["A"])
        #expect(CNError(_nsError: bridged) == error)
    }

    @Test func errorFromAnUnknownCodeFallsBackToDataAccessError() {
        #expect(CNError(_nsError: NSError(domain: CNErrorDomain, code: 9999)).code == .dataAccessError)
    }

    @Test func equalErrorsHashEqually() {
        let first = CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: ["A"]])
        let second = CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: ["A"]])
        let other = CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: ["B"]])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != other)
        #expect(first != CNError(.insertedRecordAlreadyExists))
    }
}
