import Contacts
import Testing

@testable import ContactsCLI

@Suite struct ExitStatusTests {
    /// The documented table (docs/CLI.md), one row per CNError code.
    static let table: [(CNError.Code, Int32)] = [
        (.communicationError, 69), (.dataAccessError, 74), (.authorizationDenied, 77),
        (.noAccessableWritableContainers, 77), (.unauthorizedKeys, 77), (.featureDisabledByUser, 69),
        (.featureNotAvailable, 69), (.recordDoesNotExist, 67), (.insertedRecordAlreadyExists, 73),
        (.containmentCycle, 65), (.containmentScope, 65), (.parentRecordDoesNotExist, 67),
        (.recordIdentifierInvalid, 65), (.recordNotWritable, 77), (.parentContainerNotWritable, 77),
        (.validationMultipleErrors, 65), (.validationTypeMismatch, 65), (.validationConfigurationError, 65),
        (.predicateInvalid, 65), (.policyViolation, 77), (.clientIdentifierInvalid, 1),
        (.clientIdentifierDoesNotExist, 1), (.clientIdentifierCollision, 1), (.changeHistoryExpired, 1),
        (.changeHistoryInvalidAnchor, 1), (.changeHistoryInvalidFetchRequest, 1), (.vCardMalformed, 65),
        (.vCardSummarizationError, 65),
    ]

    @Test func tableCoversEveryCode() {
        #expect(Set(Self.table.map(\.0)) == Set(CNError.Code.allCases))
    }

    @Test(arguments: table)
    func codeMapsToDocumentedExitStatus(code: CNError.Code, status: Int32) {
        #expect(ExitStatus.code(for: code) == status)
        #expect(CommandFailure(CNError(code)).exitCode == status)
    }

    @Test func failureLineNamesCodeAndHintOnOneLine() {
        let error = CNError(
            .recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: ["X:ABPerson"]])
        let line = CommandFailure(error).line
        #expect(
            line.hasPrefix(
                "contacts: error: no record with the identifier X:ABPerson (CNError 200 recordDoesNotExist); hint: "))
        #expect(!line.contains("\n"))
    }

    @Test func malformedVCardFailureNamesFileAndLine() {
        let error = VCardParseError(.unterminatedCard, line: 12).contactsError
        let failure = CommandFailure(error, file: "cards.vcf")
        #expect(failure.exitCode == 65)
        #expect(failure.message == "malformed vCard in cards.vcf:12; nothing was imported")
    }

    @Test func unknownErrorsExitWithOne() {
        struct Unexpected: Error {}
        #expect(CommandFailure(describing: Unexpected()).exitCode == 1)
    }
}
