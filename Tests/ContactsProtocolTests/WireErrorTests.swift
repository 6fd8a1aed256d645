import ContactsModel
import ContactsProtocol
import Foundation
import Testing

@Suite struct WireErrorTests {
    @Test(arguments: WireError.Code.allCases)
    func everyWireErrorIsACommunicationErrorForTheApp(_ code: WireError.Code) {
        let error = WireError(code, "Contact.keys[2] is not a contact key name")
        #expect(error.contactsError.code == .communicationError)
        let debug = error.contactsError.userInfo[NSDebugDescriptionErrorKey] as? String
        #expect(debug == "contactsd protocol: \(code): Contact.keys[2] is not a contact key name")
    }

    @Test func codesAreDistinctAndNamed() {
        let names = WireError.Code.allCases.map(\.description)
        #expect(Set(WireError.Code.allCases).count == names.count)
        #expect(names == ["malformedMessage", "unknownKey", "frameTooLarge", "truncatedFrame", "unsupportedVersion"])
    }

    @Test func theDescriptionNamesCodeMessageLocationAndCause() {
        let cause = CNError(.dataAccessError)
        let error = WireError(.malformedMessage, "Predicate sets no kind", cause: cause)
        #expect(
            error.description.hasPrefix("WireError.malformedMessage: Predicate sets no kind (ContactsProtocolTests/"))
        #expect(error.description.hasSuffix("cause: \(cause)"))
    }
}
