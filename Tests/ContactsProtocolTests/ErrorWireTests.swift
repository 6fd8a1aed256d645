import ContactsModel
import ContactsProtocol
import Foundation
import SwiftProtobuf
import Testing

@Suite struct ErrorWireTests {
    @Test(arguments: CNError.Code.allCases)
    func everyCodeCrossesAsItsRawValueWithIdentifiersAndKeyPaths(_ code: CNError.Code) throws {
        let error = CNError(
            code,
            userInfo: [
                CNErrorUserInfoAffectedRecordIdentifiersKey: ["A:ABPerson", "G:ABGroup"],
                CNErrorUserInfoKeyPathsKey: [CNContactBirthdayKey + ".hour", CNContactNoteKey],
            ]
        )
        let message = try WireRoundTrip.binary(Contacts_V1_Error(error))
        #expect(message.code == Int32(code.rawValue))
        let copy = CNError(wire: message)
        #expect(copy == error)
        #expect(copy.affectedRecordIdentifiers == ["A:ABPerson", "G:ABGroup"])
        #expect(copy.keyPaths == [CNContactBirthdayKey + ".hour", CNContactNoteKey])
    }

    @Test(arguments: CNError.Code.allCases)
    func anErrorWithoutIdentifiersOrKeyPathsComesBackWithNone(_ code: CNError.Code) throws {
        let copy = CNError(wire: try WireRoundTrip.binary(Contacts_V1_Error(CNError(code))))
        #expect(copy == CNError(code))
        #expect(copy.affectedRecordIdentifiers == nil)
        #expect(copy.keyPaths == nil)
    }

    @Test func recordsAndOtherUserInfoStayBehind() throws {
        let contact = CNMutableContact()
        contact.givenName = "John"
        let error = CNError(
            .recordDoesNotExist,
            userInfo: [
                CNErrorUserInfoAffectedRecordsKey: [contact],
                CNErrorUserInfoAffectedRecordIdentifiersKey: [contact.identifier],
                NSLocalizedDescriptionKey: "John Appleseed does not exist",
            ]
        )
        let message = Contacts_V1_Error(error)
        #expect(message.debugDescription_p == "")
        let copy = CNError(wire: try WireRoundTrip.binary(message))
        #expect(copy.affectedRecords == nil)
        #expect(copy.affectedRecordIdentifiers == [contact.identifier])
        #expect(copy.userInfo[NSLocalizedDescriptionKey] == nil)
        #expect(try (message.serializedBytes() as [UInt8]).count < 100)
    }

    @Test func validationErrorsCrossInsideTheirCombinedError() throws {
        let parts = [
            CNError(.validationConfigurationError, userInfo: [CNErrorUserInfoKeyPathsKey: ["birthday.hour"]]),
            CNError(.validationTypeMismatch, userInfo: [CNErrorUserInfoKeyPathsKey: ["dates[0]"]]),
        ]
        let combined = try #require(ContactValidator.combine(parts))
        #expect(combined.code == .validationMultipleErrors)
        let copy = CNError(wire: try WireRoundTrip.binary(Contacts_V1_Error(combined)))
        #expect(copy == combined)
        #expect(copy.validationErrors == parts)
    }

    @Test(arguments: [3, 105, 9_999, -1] as [Int32])
    func aCodeThisBuildDoesNotKnowBecomesDataAccessErrorAndSaysWhich(_ code: Int32) {
        var message = Contacts_V1_Error()
        message.code = code
        message.keyPaths = [CNContactNoteKey]
        message.debugDescription_p = "newer daemon"
        let error = CNError(wire: message)
        #expect(error.code == .dataAccessError)
        #expect(error.keyPaths == [CNContactNoteKey])
        let debug = error.userInfo[NSDebugDescriptionErrorKey] as? String
        #expect(debug == "contactsd sent unknown error code \(code): newer daemon")
    }

    @Test func aWireErrorCrossesAsCommunicationErrorWithItsDebugDescription() {
        let message = Contacts_V1_Error(WireError(.unsupportedVersion, "the client speaks version 2 at most... "))
        #expect(message.code == 1)
        #expect(message.debugDescription_p == "unsupportedVersion: the client speaks version 2 at most... ")
        let error = CNError(wire: message)
        #expect(error.code == .communicationError)
        #expect(error.userInfo[NSDebugDescriptionErrorKey] as? String == message.debugDescription_p)
    }
}
