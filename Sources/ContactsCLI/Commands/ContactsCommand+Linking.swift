import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts link`: link cards into one unified contact (docs/Linking.md).
    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Link contact cards into one unified contact; prints the linked cards, preferred first.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(name: .long, help: ArgumentHelp("The card whose identifier and values win.", valueName: "id"))
        var preferred: String?
        @Argument(help: ArgumentHelp("The cards to link (two or more).", valueName: "id")) var contacts: [String]

        func validate() throws {
            guard Set(contacts).count >= 2 else { throw ValidationError("Give at least two different cards to link.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                try store.link(contacts, preferredIdentifier: preferred)
                var buffer = BufferedOutput()
                for identifier in try store.linkedContactIdentifiers(ofContactWithIdentifier: contacts[0]) {
                    buffer.line(identifier)
                }
                buffer.flush()
            }
        }
    }

    /// `contacts unlink`: detach cards from their unified contacts and keep them apart.
    struct Unlink: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Detach cards from their unified contacts; automatic linking will not join them again.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The cards to detach.", valueName: "id")) var contacts: [String]

        func run() throws {
            try CommandFailure.reporting {
                try storeOptions.open().unlink(contacts)
            }
        }
    }

    /// `contacts keep-separate`: two cards are different people.
    struct KeepSeparate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keep-separate",
            abstract: "Remember that two cards are different people: never link them automatically.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The first card.", valueName: "id")) var first: String
        @Argument(help: ArgumentHelp("The second card; detached when the two are linked now.", valueName: "id"))
        var second: String

        func validate() throws {
            if first == second { throw ValidationError("Give two different cards.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                try storeOptions.open().keepSeparate(first, second)
            }
        }
    }

    /// `contacts why-linked`: the recorded reason a card is linked.
    struct WhyLinked: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "why-linked", abstract: "Show why a card is linked: the rule, the card and values it matched.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: ArgumentHelp("The card.", valueName: "id")) var contact: String

        struct ReasonJSON: Codable {
            var identifier: String
            var linked: Bool
            /// The unified contact's cards, the preferred card first.
            var cards: [String]
            /// `manual`, `sameNameAndPhoneNumber` or `sameNameAndEmailAddress`; absent when not linked.
            var rule: String?
            var matchedContact: String?
            var matchedValues: [String]?
            var date: String?
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let reason = try store.linkReason(forContactWithIdentifier: contact)
                let cards = try store.linkedContactIdentifiers(ofContactWithIdentifier: contact)
                let json = ReasonJSON(
                    identifier: contact, linked: reason != nil, cards: cards,
                    rule: reason.map { Self.name(of: $0.rule) },
                    matchedContact: reason?.matchedContactIdentifier, matchedValues: reason?.matchedValueIdentifiers,
                    date: reason.map { $0.date.formatted(.iso8601) })
                var buffer = BufferedOutput()
                if output.json {
                    buffer.write(try ContactJSON.text(json))
                } else if let reason {
                    var table = TextTable()
                    table.append(["Card", contact])
                    table.append(["Linked with", cards.filter { $0 != contact }.joined(separator: ", ")])
                    table.append(["Preferred", cards.first ?? contact])
                    table.append(["Rule", Self.description(of: reason.rule)])
                    if let matched = reason.matchedContactIdentifier { table.append(["Matched card", matched]) }
                    if !reason.matchedValueIdentifiers.isEmpty {
                        table.append(["Matched values", reason.matchedValueIdentifiers.joined(separator: ", ")])
                    }
                    table.append(["Since", reason.date.formatted(.iso8601)])
                    buffer.write(table.rendered)
                } else {
                    buffer.line("\(contact) is not linked.")
                }
                buffer.flush()
            }
        }

        static func name(of rule: ContactLinkReason.Rule) -> String {
            switch rule {
            case .manual: "manual"
            case .sameNameAndPhoneNumber: "sameNameAndPhoneNumber"
            case .sameNameAndEmailAddress: "sameNameAndEmailAddress"
            }
        }

        static func description(of rule: ContactLinkReason.Rule) -> String {
            switch rule {
            case .manual: "linked by hand"
            case .sameNameAndPhoneNumber: "same name and phone number"
            case .sameNameAndEmailAddress: "same name and e-mail address"
            }
        }
    }
}
