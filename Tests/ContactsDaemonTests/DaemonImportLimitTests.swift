import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// An app's import waits on the daemon's disk until its last chunk: it is bounded, and what a stopped daemon
/// left behind is removed.
@Suite struct DaemonImportLimitTests {
    private func card(_ given: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Test;\(given);;;\r\nFN:\(given) Test\r\nORG:\(String(repeating: "x", count: 400))\r\nEND:VCARD\r\n"
    }

    private func uploadFolders(_ fixture: DaemonFixture) throws -> [String] {
        let folder = fixture.daemon.configuration.storeURL(for: geteuid()).deletingLastPathComponent()
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".import-") }
    }

    @Test func anImportOverTheDaemonsBoundIsRefusedWritesNothingAndLeavesNoFiles() throws {
        let fixture = try DaemonFixture(maximumImportSize: 64 * 1024)
        try fixture.setAccess(.full)
        let url = fixture.directory.appendingPathComponent("big.vcf")
        try Data((0..<400).map { card("P\($0)") }.joined().utf8).write(to: url)
        let app = fixture.appStore()
        #expect(ErrorCode.of { try app.importVCards(from: url) } == .dataAccessError)
        #expect(try ContactFixtures.identifiers(in: fixture.person).isEmpty, "nothing was imported")
        #expect(try uploadFolders(fixture).isEmpty, "the refused upload was removed")
        // The bound is per import: a small one still goes through on the same connection.
        let small = fixture.directory.appendingPathComponent("small.vcf")
        try Data(card("Ann").utf8).write(to: small)
        #expect(try app.importVCards(from: small).added == 1)
    }

    @Test func uploadsLeftByAStoppedDaemonAreRemovedWhenTheStoreIsOpened() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let folder = fixture.daemon.configuration.storeURL(for: geteuid()).deletingLastPathComponent()
        let leftover = folder.appendingPathComponent(".import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        try Data(card("Ann").utf8).write(to: leftover.appendingPathComponent("0.vcf"))
        // The daemon opens the user's store on the first connection.
        #expect(try ContactFixtures.identifiers(in: fixture.appStore()).isEmpty)
        #expect(try uploadFolders(fixture).isEmpty)
    }
}
