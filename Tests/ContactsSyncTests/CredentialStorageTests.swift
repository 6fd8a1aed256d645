import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsSync

/// Where credentials are kept: files only the person can read, or the Secret Service through `secret-tool`.
@Suite struct CredentialStorageTests {
    private static let secret = CardDAVCredentials(username: "alice", password: "pa55-\u{1F511}-word\"\n")

    private static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).map(\.intValue) ?? -1
    }

    @Test func aCredentialsFileIsOnlyThePersonsAndSurvivesAnyCharacter() throws {
        let temporary = try TemporaryStore()
        let folder = temporary.directory.appendingPathComponent("config/contacts/credentials")
        let storage = FileCredentialStorage(directory: folder)
        try storage.save(Self.secret, account: "account-1")
        #expect(try Self.mode(folder.path) == 0o700)
        #expect(try Self.mode(folder.appendingPathComponent("account-1.json").path) == 0o600)
        #expect(try storage.credentials(account: "account-1") == Self.secret)
        try storage.remove(account: "account-1")
        #expect(try storage.credentials(account: "account-1") == nil)
        try storage.remove(account: "account-1")
    }

    @Test func aCredentialsFileOthersCanReadIsRefusedWithoutShowingIt() throws {
        let temporary = try TemporaryStore()
        let folder = temporary.directory.appendingPathComponent("credentials")
        let storage = FileCredentialStorage(directory: folder)
        try storage.save(Self.secret, account: "account-1")
        let file = folder.appendingPathComponent("account-1.json").path
        #expect(chmod(file, 0o644) == 0)
        do {
            _ = try storage.credentials(account: "account-1")
            Issue.record("a file others can read was used")
        } catch let error as SyncError {
            #expect(error.code == .credentialStorageFailed)
            #expect(!error.description.contains("pa55") && !error.description.contains("alice"))
        }
    }

    @Test(arguments: ["", ".hidden", "../escape", "a/b", "ünicode"])
    func anAccountIdentifierThatIsNotAPlainFileNameIsRefused(account: String) throws {
        let temporary = try TemporaryStore()
        let storage = FileCredentialStorage(directory: temporary.directory.appendingPathComponent("credentials"))
        #expect(throws: SyncError.self) { try storage.save(Self.secret, account: account) }
        #expect(!FileManager.default.fileExists(atPath: temporary.directory.appendingPathComponent("escape.json").path))
    }

    @Test func credentialsPrintAsRedacted() {
        var dumped = ""
        dump(Self.secret, to: &dumped)
        for text in [String(describing: Self.secret), String(reflecting: Self.secret), dumped, "\([Self.secret])"] {
            #expect(!text.contains("pa55") && !text.contains("alice"), "\(text)")
        }
    }

    /// A stand-in for libsecret's `secret-tool` with its command line: it keeps items in a folder and logs its
    /// arguments, so the test sees what another user could see in the process list.
    private static func fakeSecretTool(in folder: URL) throws -> URL {
        let script = folder.appendingPathComponent("secret-tool")
        let text = """
            #!/bin/sh
            printf '%s\\n' "$*" >> "\(folder.path)/argv.log"
            command="$1"; shift
            # Items are found by the account attribute, the last argument.
            for argument in "$@"; do key="$argument"; done
            case "$command" in
              store) cat > "\(folder.path)/item-$key" ;;
              lookup) [ -f "\(folder.path)/item-$key" ] || exit 1; cat "\(folder.path)/item-$key" ;;
              clear) rm -f "\(folder.path)/item-$key" ;;
            esac
            """
        try text.write(to: script, atomically: true, encoding: .utf8)
        #expect(chmod(script.path, 0o755) == 0)
        return script
    }

    @Test func theSecretServiceGetsThePasswordOnStandardInputNeverOnTheCommandLine() throws {
        let temporary = try TemporaryStore()
        let tool = try Self.fakeSecretTool(in: temporary.directory)
        let storage = SecretServiceCredentialStorage(executable: tool, environment: ["PATH": "/usr/bin:/bin"])
        try storage.save(Self.secret, account: "account-1")
        #expect(try storage.credentials(account: "account-1") == Self.secret)
        #expect(try storage.credentials(account: "account-2") == nil)
        try storage.remove(account: "account-1")
        #expect(try storage.credentials(account: "account-1") == nil)
        let argv = try String(contentsOf: temporary.directory.appendingPathComponent("argv.log"), encoding: .utf8)
        #expect(argv.contains("service org.swift-contacts.carddav account account-1"))
        #expect(!argv.contains("pa55") && !argv.contains("alice"))
    }

    @Test func theSecretServiceIsUsedOnlyWithASessionBusAndTheTool() throws {
        let temporary = try TemporaryStore()
        _ = try Self.fakeSecretTool(in: temporary.directory)
        let path = temporary.directory.path
        #expect(SecretServiceCredentialStorage.available(environment: ["PATH": path]) == nil)
        #expect(
            SecretServiceCredentialStorage.available(environment: [
                "PATH": "/nonexistent", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/x",
            ]) == nil)
        let found = SecretServiceCredentialStorage.available(environment: [
            "PATH": path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/x",
        ])
        #expect(found?.executable.path == temporary.directory.appendingPathComponent("secret-tool").path)
        let storages = CardDAVAccounts.defaultCredentialStorages(environment: [
            "PATH": path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/x", "HOME": path,
        ])
        #expect(storages.map(\.kind) == [.secretService, .file])
        #expect(CardDAVAccounts.defaultCredentialStorages(environment: ["HOME": path]).map(\.kind) == [.file])
    }
}
