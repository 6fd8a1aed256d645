import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts history`: what changed since a token, through `CNContactStore.changeHistory(for:)`.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the changes since a token; ends with the token to pass next time.",
            discussion: """
                Without --since, or with a token that is expired or from another store, the list starts over: \
                every contact (and group, with --groups) as added. Tokens are base64 text (docs/History.md).
                """
        )
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Option(name: .long, help: ArgumentHelp("The token printed by the previous run.", valueName: "token"))
        var since: String?
        @Flag(name: .long, help: "Include group, member and subgroup changes.") var groups = false

        /// One change in `history --json`.
        struct EventJSON: Codable, Hashable {
            /// The event class without `CNChangeHistory` and `Event`: `DropEverything`, `AddContact`, ...
            var kind: String
            var identifier: String?
            var name: String?
            var group: String?
            var container: String?
        }

        struct HistoryJSON: Codable {
            var startsOver: Bool
            var events: [EventJSON]
            var token: String
        }

        func validate() throws {
            if let since, Data(base64Encoded: since) == nil {
                throw ValidationError("The token is not base64 text; pass the token a previous run printed.")
            }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let request = CNChangeHistoryFetchRequest()
                request.startingToken = since.flatMap { Data(base64Encoded: $0) }
                request.includeGroupChanges = groups
                request.additionalContactKeyDescriptors = [CNContactFormatter.descriptorForRequiredKeys(for: .fullName)]
                let result = try store.changeHistory(for: request)
                var events: [EventJSON] = []
                var buffer = BufferedOutput()
                var count = 0
                for event in result.value {
                    count += 1
                    let described = Self.describe(event)
                    if output.json {
                        events.append(described)
                    } else {
                        buffer.line(Self.line(described))
                    }
                }
                if count == 0, !output.json { buffer.line("No changes since that token.") }
                if let error = result.value.error { throw error }
                let token = result.currentHistoryToken.base64EncodedString()
                if output.json {
                    buffer.write(
                        try ContactJSON.text(
                            HistoryJSON(
                                startsOver: result.value.startsOver, events: events, token: token)))
                } else {
                    buffer.line("Token: \(token)")
                }
                buffer.flush()
            }
        }

        static func describe(_ event: CNChangeHistoryEvent) -> EventJSON {
            switch event {
            case is CNChangeHistoryDropEverythingEvent:
                EventJSON(kind: "DropEverything")
            case let event as CNChangeHistoryAddContactEvent:
                EventJSON(
                    kind: "AddContact", identifier: event.contact.identifier, name: name(of: event.contact),
                    container: event.containerIdentifier)
            case let event as CNChangeHistoryUpdateContactEvent:
                EventJSON(kind: "UpdateContact", identifier: event.contact.identifier, name: name(of: event.contact))
            case let event as CNChangeHistoryDeleteContactEvent:
                EventJSON(kind: "DeleteContact", identifier: event.contactIdentifier)
            case let event as CNChangeHistoryAddGroupEvent:
                EventJSON(
                    kind: "AddGroup", identifier: event.group.identifier, name: event.group.name,
                    container: event.containerIdentifier)
            case let event as CNChangeHistoryUpdateGroupEvent:
                EventJSON(kind: "UpdateGroup", identifier: event.group.identifier, name: event.group.name)
            case let event as CNChangeHistoryDeleteGroupEvent:
                EventJSON(kind: "DeleteGroup", identifier: event.groupIdentifier)
            case let event as CNChangeHistoryAddMemberToGroupEvent:
                EventJSON(kind: "AddMemberToGroup", identifier: event.member.identifier, group: event.group.identifier)
            case let event as CNChangeHistoryRemoveMemberFromGroupEvent:
                EventJSON(
                    kind: "RemoveMemberFromGroup", identifier: event.member.identifier,
                    group: event.group.identifier)
            case let event as CNChangeHistoryAddSubgroupToGroupEvent:
                EventJSON(
                    kind: "AddSubgroupToGroup", identifier: event.subgroup.identifier,
                    group: event.group.identifier)
            case let event as CNChangeHistoryRemoveSubgroupFromGroupEvent:
                EventJSON(
                    kind: "RemoveSubgroupFromGroup", identifier: event.subgroup.identifier,
                    group: event.group.identifier)
            default:
                EventJSON(kind: String(describing: type(of: event)))
            }
        }

        /// One event as a person reads it: what happened, padded, then the identifier and a name or group.
        static func line(_ event: EventJSON) -> String {
            let change: String =
                switch event.kind {
                case "DropEverything": "start over"
                case "AddContact": "added"
                case "UpdateContact": "updated"
                case "DeleteContact": "deleted"
                case "AddGroup": "group added"
                case "UpdateGroup": "group updated"
                case "DeleteGroup": "group deleted"
                case "AddMemberToGroup": "member added"
                case "RemoveMemberFromGroup": "member removed"
                case "AddSubgroupToGroup": "subgroup added"
                case "RemoveSubgroupFromGroup": "subgroup removed"
                default: event.kind
                }
            guard let identifier = event.identifier else {
                return "\(change): what follows is everything in the store"
            }
            let detail = event.group.map { "in group \($0)" } ?? event.name ?? ""
            let padded = change.padding(toLength: 16, withPad: " ", startingAt: 0)
            return (padded + identifier + (detail.isEmpty ? "" : "  " + detail))
        }

        static func name(of contact: CNContact) -> String? {
            let name = CNContactFormatter.string(from: contact, style: .fullName) ?? ""
            return name.isEmpty ? nil : name
        }
    }
}
