import Contacts
import ContactsTestSupport
import Foundation
import Testing

/// Until the privacy engine lands (issue #5), every app is authorized.
@Suite struct AuthorizationStubTests {
    @Test func statusIsAuthorized() {
        #expect(CNContactStore.authorizationStatus(for: .contacts) == .authorized)
    }

    @Test func asyncRequestGrantsAccess() async throws {
        let temporary = try TemporaryStore()
        #expect(try await temporary.store.requestAccess(for: .contacts))
    }

    @Test func completionHandlerRequestGrantsAccess() async throws {
        let temporary = try TemporaryStore()
        let granted = await withCheckedContinuation { continuation in
            temporary.store.requestAccess(for: .contacts) { granted, error in
                continuation.resume(returning: granted && error == nil)
            }
        }
        #expect(granted)
    }

    @Test func historyTokenIsNilUntilChangeHistoryLands() throws {
        let temporary = try TemporaryStore()
        #expect(temporary.store.currentHistoryToken == nil)
    }
}
