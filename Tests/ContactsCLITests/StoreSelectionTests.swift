import ContactsEngine
import Foundation
import Testing

/// `--store`, `CONTACTS_STORE` and the XDG default; missing and foreign files.
@Suite struct StoreSelectionTests {
    @Test func missingExplicitStoreIsNotCreated() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["list"])
        #expect(result.status == 66)
        try Golden.expect(result.standardError, matches: "error-missing-store.txt", harness: harness)
        #expect(!FileManager.default.fileExists(atPath: harness.storePath))
    }

    @Test func missingStoreFromEnvironmentIsNotCreated() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["list"], store: false, environment: ["CONTACTS_STORE": harness.storePath])
        #expect(result.status == 66)
        #expect(!FileManager.default.fileExists(atPath: harness.storePath))
    }

    @Test func defaultStoreIsCreatedOnFirstUseUnderXDGDataHome() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["info", "--json"], store: false)
        #expect(result.status == 0, "\(result.standardError)")
        let info = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let expected = harness.directory.appendingPathComponent("data/contacts/Contacts.sqlite").path
        #expect(info["path"] as? String == expected)
        #expect(info["source"] as? String == "default")
        #expect(info["schemaVersion"] as? String == StoreSchema.latestMigration, "a new store has every migration")
        #expect(info["contacts"] as? Int == 0 && info["containers"] as? Int == 1)
        #expect(FileManager.default.fileExists(atPath: expected))
    }

    @Test func environmentNamesTheStoreWhenNoOptionIsGiven() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(
            ["info", "--json"], store: false, environment: ["CONTACTS_STORE": harness.storePath])
        #expect(result.status == 0)
        let info = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(info["source"] as? String == "CONTACTS_STORE" && info["contacts"] as? Int == 20)
        let defaultStore = harness.directory.appendingPathComponent("data/contacts/Contacts.sqlite").path
        #expect(!FileManager.default.fileExists(atPath: defaultStore), "the default store is not touched")
    }

    @Test func storeOptionWinsOverEnvironment() throws {
        let harness = try CommandLineHarness()
        #expect(try harness.contacts(["init"]).status == 0)
        let other = harness.directory.appendingPathComponent("other.sqlite").path
        let result = try harness.contacts(["info", "--json"], environment: ["CONTACTS_STORE": other])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\"source\" : \"--store\""))
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test func initCreatesOnceAndIsIdempotent() throws {
        let harness = try CommandLineHarness()
        let first = try harness.contacts(["init"])
        #expect(first.status == 0)
        #expect(first.standardOutput == "Created a contacts store at \(harness.storePath).\n")
        let second = try harness.contacts(["init"])
        #expect(second.status == 0)
        #expect(second.standardOutput == "A contacts store already exists at \(harness.storePath).\n")
    }

    @Test(arguments: ["text", "sqlite", "empty"])
    func foreignFileIsRefusedAndLeftUnchanged(kind: String) throws {
        let harness = try CommandLineHarness()
        let contents: Data =
            switch kind {
            case "text": Data("hello\n".utf8)
            case "sqlite": CommandLineHarness.foreignSQLiteDatabase
            default: Data()
            }
        try contents.write(to: URL(fileURLWithPath: harness.storePath))
        for arguments in [["list"], ["add", "--given", "A", "--create"], ["info"]] {
            let result = try harness.contacts(arguments)
            #expect(result.status == 66)
            #expect(
                result.standardError == "contacts: error: \(harness.storePath) is not a contacts store; "
                    + "hint: check the path; contacts never changes a file it does not recognize\n")
        }
        let initResult = try harness.contacts(["init"])
        #expect(initResult.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: harness.storePath)) == contents)
    }

    @Test func directoryIsNotAStore() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["list", "--store", harness.directory.path], store: false)
        #expect(result.status == 66)
    }

    @Test func infoReportsCountsAfterImport() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(["info", "--json"])
        let info = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(info["contacts"] as? Int == 20 && info["groups"] as? Int == 1 && info["apps"] as? Int == 0)
        #expect((info["bytes"] as? Int ?? 0) > 0)
        #expect(info["schemaVersion"] as? String == StoreSchema.latestMigration)
        let table = try harness.contacts(["info"])
        #expect(
            table.standardOutput.hasPrefix(
                "Store       \(harness.storePath) (--store)\nSchema      \(StoreSchema.latestMigration)\nContacts    20\n"
            ))
    }

    @Test(arguments: [false, true])
    func toolActsAsThePersonEvenWithAnAppsEnvironment(defaultStore: Bool) throws {
        let harness = try CommandLineHarness()
        let appEnvironment = [
            "CONTACTS_APP_INFO_PLIST": CommandLineHarness.repositoryRoot
                .appendingPathComponent("Examples/FindMyFriends/Info.plist").path,
            "CONTACTS_CONSENT": "deny",
            "CONTACTS_POLICY": try harness.write(#"{ "restricted": ["*"] }"#, to: "policy.json"),
        ]
        let storeEnvironment = defaultStore ? [:] : ["CONTACTS_STORE": harness.storePath]
        let environment = appEnvironment.merging(storeEnvironment) { _, new in new }
        let imported = try harness.contacts(
            ["import", "--create", CommandLineHarness.exampleAddressBook.path], store: false, environment: environment)
        #expect(imported.status == 0, "\(imported.standardError)")
        let listed = try harness.contacts(["list", "--json"], store: false, environment: environment)
        #expect(listed.status == 0, "\(listed.standardError)")
        let contacts = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [Any])
        #expect(contacts.count == 20, "the person sees every contact; no app was asked or recorded")
        let info = try harness.contacts(["info", "--json"], store: false, environment: environment)
        #expect(info.standardOutput.contains("\"apps\" : 0"))
    }
}
