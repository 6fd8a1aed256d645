import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts import FILE...`: vCard files or folders into the store.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import vCard files (2.1, 3.0, 4.0) or folders of them.",
            discussion: """
                All the files are imported in one transaction: a malformed card stops the import with its \
                file and line, and nothing is imported. A card whose UID matches a contact of the container \
                updates that contact (cards without a UID match by formatted name and first e-mail address \
                or, without e-mail, first phone number), so importing the same file twice adds nothing. \
                Properties the contacts have no field for are kept and exported again. Group cards and \
                CATEGORIES become groups. A progress bar appears on a terminal when the import takes more \
                than a second. With --skip-invalid, files with a malformed card are set aside and reported \
                (file and line), and the others are imported.
                """
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        @Option(
            name: .long,
            help: ArgumentHelp("The container to add to (default: the local one).", valueName: "container-id"))
        var container: String?

        @Flag(name: .long, help: "Create the store file given with --store or CONTACTS_STORE when it is missing.")
        var create = false

        @Flag(name: .long, help: "After the summary, list every contact of the store.")
        var list = false

        @Flag(
            name: .long,
            help: "Set aside files with a malformed card, import the others, and report the skipped files.")
        var skipInvalid = false

        @Flag(name: .long, help: "The file is your own card: import it and set it as yours (contacts me).")
        var me = false

        @Argument(help: ArgumentHelp("vCard files, or folders holding .vcf files.", valueName: "path"))
        var paths: [String]

        func validate() throws {
            if paths.isEmpty { throw ValidationError("Give at least one vCard file or folder.") }
            if list && output.json { throw ValidationError("Give --list or --json, not both.") }
            if me && paths.count != 1 { throw ValidationError("--me takes one vCard file: your own card.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                var files = try VCardInputFiles.expand(paths)
                let store = try storeOptions.open(creating: create)
                if let container { try ContactPrinter.requireContainer(container, in: store) }
                var skipped: [SkippedFile] = []
                if skipInvalid {
                    (files, skipped) = VCardFileCheck.partition(files)
                }
                let ownCard = me ? try MeCardImport.card(in: files) : nil
                var summary = try ContactImporter(store: store, containerIdentifier: container).run(files: files)
                summary.skippedFiles = skipped
                if let ownCard { try MeCardImport.setMe(ownCard, in: store) }
                var buffer = BufferedOutput()
                buffer.write(output.json ? try ContactJSON.text(summary) : summary.text)
                if list { buffer.line() }
                buffer.flush()
                if list { try ContactPrinter(json: false).print(store: store, predicate: nil) }
            }
        }
    }
}
