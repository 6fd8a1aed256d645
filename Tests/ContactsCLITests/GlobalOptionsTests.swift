import ContactsCLI
import Foundation
import Testing

/// `--store` works before the command as after it.
@Suite struct GlobalOptionsTests {
    @Test(arguments: [
        (["--store", "/s", "list"], ["list", "--store", "/s"]),
        (["--store=/s", "groups", "list", "--json"], ["groups", "list", "--json", "--store=/s"]),
        (["--store", "/s", "search", "ann", "--", "-x"], ["search", "ann", "--store", "/s", "--", "-x"]),
        (["list", "--store", "/s"], ["list", "--store", "/s"]),
        (["--store", "/s"], ["--store", "/s"]),
    ])
    func leadingStoreOptionsMoveAfterTheCommand(arguments: [String], expected: [String]) throws {
        #expect(try GlobalOptions.normalized(arguments) == expected)
    }

    @Test func theBinaryAcceptsTheStoreBeforeTheCommandAndRefusesItTwice() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let after = try harness.contacts(["list"])
        let before = try harness.contacts(["--store", harness.storePath, "list"], store: false)
        #expect(before.status == 0, "\(before.standardError)")
        #expect(before.standardOutput == after.standardOutput)
        let same = try harness.contacts(
            ["--store", harness.storePath, "list", "--store", harness.storePath], store: false)
        #expect(same.status == 0, "the same store twice is one store")
        let different = try harness.contacts(
            ["--store", harness.storePath, "list", "--store", "/tmp/other.sqlite"], store: false)
        #expect(different.status == 64, "two different stores: a usage error")
        #expect(different.standardError.contains("--store"))
    }
}
