import ArgumentParser
import Contacts

/// The `contacts` command: the person's tool for their address book and their privacy.
public struct ContactsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "Manage your contacts and what each app may see."
    )

    public init() {}

    public func run() throws {
        print(Self.helpMessage())
    }
}
