import Foundation
import Testing

/// `contacts accounts`: add, list, show, sync and remove against a Radicale started on loopback per test, each
/// with its own store; every output is checked for the password.
@Suite(.tags(.integration)) struct AccountsCommandTests {
    static let password = RadicaleServer.password

    /// Runs `contacts` and expects the password in none of its output.
    @discardableResult
    func contacts(
        _ harness: CommandLineHarness, _ arguments: [String], input: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CommandLineHarness.Result {
        let result = try harness.contacts(arguments, input: input)
        #expect(
            !result.standardOutput.contains(Self.password), "password on standard output",
            sourceLocation: sourceLocation)
        #expect(
            !result.standardError.contains(Self.password), "password on standard error", sourceLocation: sourceLocation)
        return result
    }

    /// A store with an account on the server, added with the password on standard input; its identifier.
    func addAccount(
        _ harness: CommandLineHarness, _ server: RadicaleServer, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        #expect(try contacts(harness, ["init"]).status == 0, sourceLocation: sourceLocation)
        let result = try contacts(
            harness,
            ["accounts", "add", server.baseURL, "--username", RadicaleServer.username, "--name", "Work", "--json"],
            input: Self.password + "\n", sourceLocation: sourceLocation)
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try #require(object["identifier"] as? String)
    }

    func json(_ result: CommandLineHarness.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    }

    /// The `friends` book's container in `accounts show --json`.
    func friendsContainer(_ harness: CommandLineHarness, account: String) throws -> String {
        let object = try #require(
            try json(try contacts(harness, ["accounts", "show", account, "--json"])) as? [String: Any])
        let books = try #require(object["addressBooks"] as? [[String: Any]])
        return try #require(books.first { $0["name"] as? String == "Friends" }?["containerIdentifier"] as? String)
    }

    @Test func addReadsThePasswordFromStandardInputAndPrintsTheAccountAndItsBooks() throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        #expect(try contacts(harness, ["init"]).status == 0)
        let result = try contacts(
            harness, ["accounts", "add", server.baseURL, "--username", RadicaleServer.username],
            input: Self.password + "\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        #expect(first.hasPrefix("Added account ") && first.hasSuffix(" with 2 address books."))
        #expect(lines[1].hasPrefix("BOOK ") && lines[1].contains("CONTAINER"))
        #expect(lines.contains { $0.hasPrefix("Friends ") && $0.contains("read-write") })
        #expect(lines.contains { $0.hasPrefix("Read only ") && $0.contains("read-only") })
        let containers = try #require(
            try json(try contacts(harness, ["containers", "list", "--json"])) as? [[String: Any]])
        let cardDAV = containers.filter { $0["type"] as? String == "carddav" }.compactMap {
            $0["identifier"] as? String
        }
        #expect(cardDAV.count == 2)
        #expect(cardDAV.allSatisfy { result.standardOutput.contains($0) }, "the books' containers are printed")
    }

    @Test func listAndShowPrintTextAndJSONWithoutCredentials() throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        let account = try addAccount(harness, server)

        let list = try contacts(harness, ["accounts", "list"])
        #expect(list.status == 0)
        let rows = list.standardOutput.split(separator: "\n").map(String.init)
        #expect(rows.count == 2 && rows[0].hasPrefix("NAME ") && rows[0].contains("LAST SYNC"))
        #expect(rows[1].hasPrefix("Work ") && rows[1].contains(server.baseURL) && rows[1].contains("never"))
        #expect(rows[1].hasSuffix(account))

        let listed = try #require(try json(try contacts(harness, ["accounts", "list", "--json"])) as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["identifier"] as? String == account)
        #expect(listed.first?["credentialStorage"] as? String == "file")
        #expect(listed.first?["lastSync"] == nil)

        let show = try contacts(harness, ["accounts", "show", account])
        #expect(show.status == 0)
        #expect(show.standardOutput.hasPrefix("Account          Work\nIdentifier       \(account)\n"))
        #expect(show.standardOutput.contains("Credentials      in a private file (mode 0600)\n"))
        #expect(show.standardOutput.contains("Listing timeout  900 s\n"))
        #expect(show.standardOutput.contains("Last sync        never\n"))
        #expect(show.standardOutput.contains("sync-collection"))

        let shown = try #require(
            try json(try contacts(harness, ["accounts", "show", account, "--json"])) as? [String: Any])
        #expect(shown["name"] as? String == "Work")
        #expect(shown["serverURL"] as? String == server.baseURL)
        let books = try #require(shown["addressBooks"] as? [[String: Any]])
        #expect(books.compactMap { $0["name"] as? String }.sorted() == ["Friends", "Read only"])
        #expect(books.first { $0["name"] as? String == "Read only" }?["readOnly"] as? Bool == true)
        for output in [list, show] {
            #expect(!output.standardOutput.contains(RadicaleServer.username + ":"), "no user name with the server")
        }
        #expect(
            !String(decoding: try JSONSerialization.data(withJSONObject: shown), as: UTF8.self).contains("username"))
    }

    @Test func syncDownloadsCardsPutOnTheServerAndUploadsLocalOnes() async throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        let account = try addAccount(harness, server)
        for (index, family) in ["Lovelace", "Hopper", "Turing"].enumerated() {
            try await server.put(
                RadicaleServer.card(uid: "card-\(index)", given: "Test", family: family), name: "card-\(index).vcf")
        }

        let first = try contacts(harness, ["accounts", "sync", account, "--json"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.isEmpty, "no progress bar when standard error is not a terminal")
        let results = try #require(try json(first) as? [[String: Any]])
        let result = try #require(results.first)
        #expect(results.count == 1 && result["identifier"] as? String == account && result["error"] == nil)
        let total = try #require(result["total"] as? [String: Any])
        #expect(total["downloaded"] as? Int == 3)
        #expect(total["uploaded"] as? Int == 0)
        #expect(total["deletedLocally"] as? Int == 0 && total["deletedOnServer"] as? Int == 0)
        #expect(total["conflicts"] as? Int == 0)
        #expect((total["skipped"] as? [Any])?.isEmpty == true)
        let books = try #require(result["addressBooks"] as? [[String: Any]])
        let friends = try friendsContainer(harness, account: account)
        #expect(books.count == 2)
        #expect(books.first { $0["containerIdentifier"] as? String == friends }?["downloaded"] as? Int == 3)

        let listed = try contacts(harness, ["list", "--container", friends])
        #expect(["Lovelace", "Hopper", "Turing"].allSatisfy { listed.standardOutput.contains($0) })

        #expect(
            try contacts(harness, ["add", "--given", "Zoë", "--family", "Local", "--container", friends]).status == 0)
        let second = try contacts(harness, ["accounts", "sync", account])
        #expect(second.status == 0, "\(second.standardError)")
        let lines = second.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Account \(account) (Work): synced.")
        #expect(lines.count > 1 && lines[1].hasPrefix("BOOK ") && lines[1].contains("DOWNLOADED  UPLOADED"))
        let friendsRow = try #require(lines.first { $0.hasPrefix("Friends ") })
        #expect(
            friendsRow.split(separator: " ", omittingEmptySubsequences: true) == [
                "Friends", "0", "1", "0", "0", "0", "0",
            ])
        #expect(lines.contains { $0.hasPrefix("Total ") })

        let shown = try #require(
            try json(try contacts(harness, ["accounts", "show", account, "--json"])) as? [String: Any])
        #expect(shown["lastSync"] is String, "every book has synced")
    }

    @Test func syncWithoutAnIdentifierSyncsEveryAccount() throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        let account = try addAccount(harness, server)
        let result = try contacts(harness, ["accounts", "sync", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let results = try #require(try json(result) as? [[String: Any]])
        #expect(results.compactMap { $0["identifier"] as? String } == [account])
    }

    @Test func syncOfAnUnknownAccountExitsWith67() throws {
        let harness = try CommandLineHarness()
        #expect(try contacts(harness, ["init"]).status == 0)
        let result = try contacts(harness, ["accounts", "sync", "NO-SUCH-ACCOUNT"])
        #expect(result.status == 67)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                contacts: error: no account NO-SUCH-ACCOUNT (account not found); hint: 'contacts accounts list' shows \
                account identifiers

                """)
        #expect(try contacts(harness, ["accounts", "show", "NO-SUCH-ACCOUNT"]).status == 67)
        #expect(try contacts(harness, ["accounts", "remove", "NO-SUCH-ACCOUNT"]).status == 67)
    }

    @Test func syncOfAnUnreachableServerExitsWith75NamingOnlyTheAccount() throws {
        var server: RadicaleServer? = try RadicaleServer()
        let harness = try CommandLineHarness()
        let account = try addAccount(harness, try #require(server))
        server = nil
        let result = try contacts(harness, ["accounts", "sync", account])
        #expect(result.status == 75)
        let line = result.standardError
        #expect(line.hasPrefix("contacts: error: account \(account): "))
        #expect(line.contains("(connection failed)") && line.contains("hint: try again later"))
        #expect(line.split(separator: "\n").count == 1)
        for secret in ["Work", RadicaleServer.username, "127.0.0.1"] {
            #expect(!line.contains(secret), "the error names identifiers only, not \(secret)")
        }
        #expect(result.standardOutput == "Account \(account) (Work): the sync failed.\n")
        let json = try #require(try json(try contacts(harness, ["accounts", "sync", "--json"])) as? [[String: Any]])
        let failure = try #require(json.first?["error"] as? [String: Any])
        #expect(failure["exitCode"] as? Int == 75)
    }

    @Test func aWrongPasswordExitsWith77AndAddsNothing() throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        #expect(try contacts(harness, ["init"]).status == 0)
        let wrong = "not-the-Pa55word"
        let result = try contacts(
            harness, ["accounts", "add", server.baseURL, "--username", RadicaleServer.username], input: wrong + "\n")
        #expect(result.status == 77)
        #expect(result.standardError.contains("(unauthorized, HTTP 401)"))
        #expect(!result.standardError.contains(wrong) && !result.standardError.contains(RadicaleServer.username))
        #expect(try contacts(harness, ["accounts", "list"]).standardOutput == "No accounts.\n")
        #expect(try credentialFiles(harness).isEmpty)
    }

    @Test func aListingTimeoutIsKeptWithTheAccountAndMustBeAPositiveNumberOfSeconds() throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        #expect(try contacts(harness, ["init"]).status == 0)
        for bad in ["0", "-5", "86401", "soon"] {
            let refused = try contacts(
                harness,
                ["accounts", "add", server.baseURL, "--username", RadicaleServer.username, "--listing-timeout", bad],
                input: Self.password + "\n")
            #expect(refused.status == 64, "--listing-timeout \(bad)")
        }
        let listed = try #require(try json(try contacts(harness, ["accounts", "list", "--json"])) as? [[String: Any]])
        #expect(listed.isEmpty, "a refused option adds no account")

        let added = try contacts(
            harness,
            [
                "accounts", "add", server.baseURL, "--username", RadicaleServer.username, "--listing-timeout", "2400",
                "--json",
            ],
            input: Self.password + "\n")
        #expect(added.status == 0, "\(added.standardError)")
        let account = try #require(try json(added) as? [String: Any])
        #expect(account["listingTimeout"] as? Double == 2400)
        let identifier = try #require(account["identifier"] as? String)
        let show = try contacts(harness, ["accounts", "show", identifier])
        #expect(show.standardOutput.contains("Listing timeout  2400 s\n"))
        // The stored setting is the one a sync uses: the sync still works.
        #expect(try contacts(harness, ["accounts", "sync", identifier]).status == 0)
    }

    @Test func thePasswordIsNeverTakenFromTheCommandLine() throws {
        let harness = try CommandLineHarness()
        #expect(try contacts(harness, ["init"]).status == 0)
        let inURL = try harness.contacts(["accounts", "add", "http://alice:secret@127.0.0.1:1/"])
        #expect(inURL.status == 64)
        #expect(inURL.standardError.contains("The URL holds a password") && !inURL.standardError.contains("secret@"))
        let noInput = try contacts(harness, ["accounts", "add", "http://127.0.0.1:1/", "--username", "alice"])
        #expect(noInput.status == 64)
        #expect(noInput.standardError.hasPrefix("contacts: error: no password on standard input"))
        let passwordOption = try contacts(harness, ["accounts", "add", "http://127.0.0.1:1/", "--password", "x"])
        #expect(passwordOption.status == 64, "there is no --password option")
    }

    @Test func aPinnedCertificateMustBeAPEMFile() throws {
        let harness = try CommandLineHarness()
        #expect(try contacts(harness, ["init"]).status == 0)
        let missing = try contacts(harness, ["accounts", "add", "https://127.0.0.1:1/", "--pin-certificate", "no.pem"])
        #expect(missing.status == 66)
        #expect(missing.standardError == "contacts: error: no such file: no.pem\n")
        let notPEM = try harness.write("not a certificate", to: "server.pem")
        let refused = try contacts(harness, ["accounts", "add", "https://127.0.0.1:1/", "--pin-certificate", notPEM])
        #expect(refused.status == 65)
        #expect(refused.standardError.hasPrefix("contacts: error: \(notPEM) holds no PEM certificate"))
    }

    @Test func thePasswordFileIsRead() throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        #expect(try contacts(harness, ["init"]).status == 0)
        let file = try harness.write(Self.password + "\n", to: "password.txt")
        let result = try contacts(
            harness,
            ["accounts", "add", server.baseURL, "--username", RadicaleServer.username, "--password-file", file])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try credentialFiles(harness).count == 1)
    }

    @Test func removeDeletesTheAccountItsContactsAndItsCredentials() async throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        let account = try addAccount(harness, server)
        try await server.put(RadicaleServer.card(uid: "one", given: "Test", family: "Lovelace"), name: "one.vcf")
        #expect(try contacts(harness, ["accounts", "sync", account]).status == 0)
        #expect(try credentialFiles(harness) == ["\(account).json"])

        let result = try contacts(harness, ["accounts", "remove", account])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "Removed account \(account): 2 address books, 1 contact and its stored credentials.\n")
        #expect(try credentialFiles(harness).isEmpty)
        #expect(try contacts(harness, ["accounts", "list"]).standardOutput == "No accounts.\n")
        #expect(try contacts(harness, ["list"]).standardOutput == "No contacts.\n")
        let containers = try #require(
            try json(try contacts(harness, ["containers", "list", "--json"])) as? [[String: Any]])
        #expect(containers.allSatisfy { $0["type"] as? String != "carddav" })
    }

    @Test func thePasswordIsNotInTheStoreFiles() async throws {
        let server = try RadicaleServer()
        let harness = try CommandLineHarness()
        let account = try addAccount(harness, server)
        try await server.put(RadicaleServer.card(uid: "one", given: "Test", family: "Lovelace"), name: "one.vcf")
        #expect(try contacts(harness, ["accounts", "sync", account]).status == 0)
        let password = Data(Self.password.utf8)
        for suffix in ["", "-wal", "-shm"] {
            guard let bytes = FileManager.default.contents(atPath: harness.storePath + suffix) else { continue }
            #expect(bytes.range(of: password) == nil, "password in Contacts.sqlite\(suffix)")
        }
        let stored = try #require(
            FileManager.default.contents(
                atPath: try credentialFolder(harness).appendingPathComponent("\(account).json").path))
        #expect(stored.range(of: password) != nil, "the credentials file holds it instead")
        let attributes = try FileManager.default.attributesOfItem(
            atPath: try credentialFolder(harness).appendingPathComponent("\(account).json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    func credentialFolder(_ harness: CommandLineHarness) throws -> URL {
        harness.directory.appendingPathComponent("config/contacts/credentials", isDirectory: true)
    }

    /// The files of the credentials folder the harness's XDG_CONFIG_HOME gives the tool, sorted.
    func credentialFiles(_ harness: CommandLineHarness) throws -> [String] {
        let folder = try credentialFolder(harness)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}
