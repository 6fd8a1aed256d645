import Foundation
import Testing

@testable import ContactsCLI
// SkippedCard and CardDAVAccount have no public initializers: only a sync and the store make them.
@testable import ContactsSync

/// The summary `accounts sync` prints: a row per book, a total, skipped cards with reasons, conflict copies.
@Suite struct SyncPresenterTests {
    static func account() -> CardDAVAccount {
        let books = [("C1", "Friends"), ("C2", "Work")].map { identifier, name in
            CardDAVAddressBook(
                containerIdentifier: identifier, name: name, url: URL(fileURLWithPath: "/"),
                capabilities: AddressBookCapabilities(), lastSync: nil)
        }
        return CardDAVAccount(
            identifier: "A1", name: "Home", serverURL: URL(fileURLWithPath: "/"), principalURL: nil,
            credentialStorage: .file, hasPinnedCertificate: false, addressBooks: books,
            createdAt: Date(timeIntervalSince1970: 0), settings: AccountSettings())
    }

    static func summaries() -> [SyncSummary] {
        var friends = SyncSummary()
        friends.containerIdentifier = "C1"
        friends.downloaded = 3
        friends.conflicts = 2
        friends.merged = 1
        friends.skipped = [
            SkippedCard(href: "/alice/friends/bad.vcf", objectIdentifier: nil, reason: .malformed(line: 3))
        ]
        var work = SyncSummary()
        work.containerIdentifier = "C2"
        work.uploaded = 1
        work.deletedOnServer = 2
        return [friends, work]
    }

    @Test func textHasARowPerBookATotalSkippedCardsAndConflictCopies() {
        let result = SyncResultJSON(identifier: "A1", summaries: Self.summaries())
        #expect(
            SyncPresenter.text(result, account: Self.account()) == """
                Account A1 (Home): synced.
                BOOK     DOWNLOADED  UPLOADED  DELETED HERE  DELETED ON SERVER  CONFLICTS     SKIPPED
                Friends  3           0         0             0                  2 (1 merged)  1
                Work     0           1         0             2                  0             0
                Total    3           1         0             2                  2 (1 merged)  1
                Skipped /alice/friends/bad.vcf in Friends: malformed vCard at line 3.
                1 conflict kept the server's version; the local versions were saved as copies.

                """)
    }

    @Test func jsonNamesTheReasonByCodeWithItsLine() throws {
        let result = SyncResultJSON(identifier: "A1", summaries: Self.summaries())
        let skipped = try #require(result.total.skipped.first)
        #expect(skipped.code == "malformed" && skipped.line == 3 && skipped.status == nil)
        #expect(skipped.reason == "malformed vCard at line 3")
        #expect(result.total.containerIdentifier == nil)
        #expect(result.total.downloaded == 3 && result.total.uploaded == 1 && result.total.deletedOnServer == 2)
        #expect(result.error == nil)
    }
}
