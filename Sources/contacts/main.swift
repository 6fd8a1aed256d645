import ArgumentParser
import ContactsCLI

// Options given before the command (`contacts --store PATH list`) go where the command reads them.
do {
    ContactsCommand.main(try GlobalOptions.normalized(Array(CommandLine.arguments.dropFirst())))
} catch {
    ContactsCommand.exit(withError: error)
}
