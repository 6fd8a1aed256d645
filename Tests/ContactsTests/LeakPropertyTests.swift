import Contacts
import ContactsTestSupport
import Foundation
import PropertyBased
import Testing

/// Proof of no leaks: every answer an app gets equals the answer of a store that holds only what it may see.
///
/// Each case decodes a small random world from a list of integers (contacts with names, e-mail addresses, phone
/// numbers and a group; a shared set; contacts the app creates) and a list of random calls, then runs each
/// call against the app's store and against a reference: for limited access, a person's store on another file
/// holding only the visible contacts (same identifiers, same group); for full access, the person's store on the
/// same file; for denied access, nothing (every call is error 100).
@Suite struct LeakPropertyTests {
    private static let script = Gen.int(in: 0...9_999).array(of: 20...40)

    @Test(arguments: StoreMode.allCases)
    func limitedAppAnswersEqualAStoreHoldingOnlyItsVisibleContacts(mode: StoreMode) async throws {
        await propertyCheck(count: 700, input: Self.script) { script in
            var world = try LeakWorld(script: script, status: .limited, mode: mode)
            try world.checkEveryCall()
        }
    }

    @Test(arguments: StoreMode.allCases)
    func fullAppAnswersEqualThePersonsAnswers(mode: StoreMode) async throws {
        await propertyCheck(count: 150, input: Self.script) { script in
            var world = try LeakWorld(script: script, status: .authorized, mode: mode)
            try world.checkEveryCall()
        }
    }

    @Test(arguments: StoreMode.allCases)
    func deniedAppGetsNothingButAuthorizationDenied(mode: StoreMode) async throws {
        await propertyCheck(count: 150, input: Self.script) { script in
            var world = try LeakWorld(script: script, status: .denied, mode: mode)
            try world.checkEveryCall()
        }
    }
}
