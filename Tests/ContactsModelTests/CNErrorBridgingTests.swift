import Foundation
import Testing

@testable import ContactsModel

@Suite struct CNErrorBridgingTests {
    @Test func thrownCNErrorIsCaughtAsNSError() {
        var code: Int?
        do {
            throw CNError(.recordDoesNotExist)
        } catch let error as NSError {
            code = error.domain == CNErrorDomain ? error.code : nil
        } catch {
            code = nil
        }
        #expect(code == 200)
    }

    @Test func thrownNSErrorOfTheDomainIsCaughtAsCNError() {
        var caught: CNError?
        do {
            throw NSError(domain: CNErrorDomain, code: 302, userInfo: [CNErrorUserInfoKeyPathsKey: ["birthday.day"]])
        } catch let error as CNError {
            caught = error
        } catch {
            caught = nil
        }
        #expect(caught?.code == .validationConfigurationError)
        #expect(caught?.keyPaths == ["birthday.day"])
    }

    @Test func nsErrorOfAnotherDomainIsNotACNError() {
        let error: any Error = NSError(domain: NSCocoaErrorDomain, code: 200)
        #expect(!(error is CNError))
    }

    @Test func bridgedErrorKeepsOurDescription() throws {
        // Through Any, so the cast is the runtime's dynamic cast rather than the compiler's bridging.
        let error: Any = CNError(.predicateInvalid)
        let bridged = try #require(error as? NSError)
        #expect(bridged.localizedDescription == CNError.Code.predicateInvalid.summary)
    }
}
