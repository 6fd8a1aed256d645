import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

@Suite struct StoreLocationTests {
    @Test(arguments: [
        (["CONTACTS_STORE": "/tmp/x/C.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/p"], "/tmp/x/C.sqlite"),
        (["XDG_DATA_HOME": "/data", "HOME": "/home/p"], "/data/contacts/Contacts.sqlite"),
        (["XDG_DATA_HOME": "relative", "HOME": "/home/p"], "/home/p/.local/share/contacts/Contacts.sqlite"),
        (["CONTACTS_STORE": "", "HOME": "/home/p"], "/home/p/.local/share/contacts/Contacts.sqlite"),
    ])
    func defaultLocationFollowsTheEnvironment(environment: [String: String], expected: String) {
        #expect(ContactStoreConfiguration.defaultURL(environment: environment)?.path == expected)
    }

    @Test func noHomeAndNoVariablesGivesNoLocation() {
        #expect(ContactStoreConfiguration.default(environment: [:]) == nil)
    }

    @Test func newStoreDirectoryIs0700AndFileIs0600InWALMode() throws {
        let temporary = try TemporaryStore()
        let nested = temporary.directory.appendingPathComponent("a/b/Contacts.sqlite")
        let database = try EmbeddedConnection(configuration: ContactStoreConfiguration(url: nested)).authorized()
        let manager = FileManager.default
        let directoryMode =
            try manager.attributesOfItem(atPath: nested.deletingLastPathComponent().path)[.posixPermissions] as? Int
        let fileMode = try manager.attributesOfItem(atPath: nested.path)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        #expect(fileMode == 0o600)
        let journal = try database.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        let foreignKeys = try database.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") }
        #expect(foreignKeys == true)
        try database.write { try $0.execute(sql: "INSERT INTO store_setting (key, value) VALUES ('test', 'x')") }
        let walMode = try manager.attributesOfItem(atPath: nested.path + "-wal")[.posixPermissions] as? Int
        #expect(walMode == 0o600)
    }

    @Test func unopenableLocationGivesDataAccessError() throws {
        let temporary = try TemporaryStore()
        let blocker = temporary.directory.appendingPathComponent("file")
        FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8))
        let connection = EmbeddedConnection(
            configuration: ContactStoreConfiguration(url: blocker.appendingPathComponent("C.sqlite")))
        #expect(throws: CNError(.dataAccessError)) { _ = try connection.defaultContainerIdentifier() }
    }
}
