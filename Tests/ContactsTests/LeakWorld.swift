import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// One generated world of ``LeakPropertyTests``: the stores, and the calls to compare.
struct LeakWorld {
    private static let givenNames = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    private static let familyNames = ["Lee", "Stone", "Test"]
    private static let emails = ["ann@example.com", "bob@example.org"]
    private static let phones = ["+1 555 0101", "555 0102"]
    private static var keys: [CNKeyDescriptor] {
        [
            CNContactGivenNameKey, CNContactFamilyNameKey, CNContactEmailAddressesKey, CNContactPhoneNumbersKey,
            CNContactNicknameKey,
        ]
    }

    let status: CNAuthorizationStatus
    let fixtures: PrivacyFixtures
    let app: CNContactStore
    /// The store whose answers the app's must equal; nil for denied access.
    let reference: CNContactStore?
    /// Keeps the reference's file alive for the case.
    let referenceFile: TemporaryStore?
    let identifiers: [String]
    let groupIdentifier: String
    private var cursor: ScriptCursor

    init(script: [Int], status: CNAuthorizationStatus, mode: StoreMode) throws {
        self.status = status
        var cursor = ScriptCursor(script)
        fixtures = try PrivacyFixtures(mode: mode)
        let group = CNMutableGroup()
        group.name = "Friends"
        groupIdentifier = group.identifier
        var contacts: [CNMutableContact] = []
        var members: [Bool] = []
        var shared: [Bool] = []
        for _ in 0..<(2 + cursor.next(5)) {
            contacts.append(Self.contact(&cursor))
            members.append(cursor.next(2) == 0)
            shared.append(cursor.next(2) == 0)
        }
        try Self.save(contacts, members: members, group: group, in: fixtures.person)
        let bundle = PrivacyFixtures.app().bundleIdentifier
        let visible = zip(contacts, shared).filter { $0.1 }.map(\.0)
        let privacy = try fixtures.accessControls()
        switch status {
        case .limited: try privacy.setAccess(.limited(Set(visible.map(\.identifier))), for: bundle)
        case .authorized: try privacy.setAccess(.full, for: bundle)
        default: try privacy.setAccess(.denied, for: bundle)
        }
        app = try fixtures.store(for: PrivacyFixtures.app())
        var created: [CNMutableContact] = []
        if status != .denied {
            created = (0..<cursor.next(3)).map { _ in Self.contact(&cursor) }
            if !created.isEmpty { try ContactFixtures.save(created, in: app) }
        }
        identifiers = (contacts + created).map(\.identifier) + ["Missing:ABPerson"]
        switch status {
        case .limited:
            let file = try TemporaryStore()
            let copies = (visible + created).compactMap { $0.mutableCopy() as? CNMutableContact }
            let visibleMembers = (visible + created).map { contact in
                zip(contacts, members).contains { $0.0.identifier == contact.identifier && $0.1 }
            }
            try Self.save(copies, members: visibleMembers, group: group, in: file.store)
            referenceFile = file
            reference = file.store
        case .authorized:
            referenceFile = nil
            reference = fixtures.person
        default:
            referenceFile = nil
            reference = nil
        }
        self.cursor = cursor
    }

    /// Runs every remaining call of the script on both sides and expects equal answers.
    mutating func checkEveryCall() throws {
        while !cursor.isAtEnd {
            let call = cursor.next(Self.callCount)
            let argument = cursor.next(identifiers.count * 10)
            let answer = stable(try self.answer(call: call, argument: argument, in: app))
            let expected = stable(
                try reference.map { try self.answer(call: call, argument: argument, in: $0) } ?? "error 100 []")
            #expect(answer == expected, "call \(call)(\(argument))")
        }
    }

    private func answer(call: Int, argument: Int, in store: CNContactStore) throws -> String {
        let identifier = identifiers[argument % identifiers.count]
        let isReference = store !== app
        return Self.render {
            switch call {
            case 0:
                return try Self.render(all(in: store))
            case 1:
                let name = argument % 2 == 0 ? Self.givenNames[argument % 5] : Self.familyNames[argument % 3]
                return try Self.render(
                    store.unifiedContacts(
                        matching: CNContact.predicateForContacts(matchingName: name), keysToFetch: Self.keys))
            case 2:
                let email = Self.emails[argument % 2]
                return try Self.render(
                    store.unifiedContacts(
                        matching: CNContact.predicateForContacts(matchingEmailAddress: email), keysToFetch: Self.keys))
            case 3:
                let phone = CNPhoneNumber(stringValue: Self.phones[argument % 2])
                return try Self.render(
                    store.unifiedContacts(
                        matching: CNContact.predicateForContacts(matching: phone), keysToFetch: Self.keys))
            case 4:
                let chosen = identifiers.enumerated().filter { (argument >> $0.offset) & 1 == 1 }.map(\.element)
                return try Self.render(
                    store.unifiedContacts(
                        matching: CNContact.predicateForContacts(withIdentifiers: chosen), keysToFetch: Self.keys))
            case 5:
                return try Self.render([store.unifiedContact(withIdentifier: identifier, keysToFetch: Self.keys)])
            case 6:
                return try Self.render(
                    store.unifiedContacts(
                        matching: CNContact.predicateForContactsInGroup(withIdentifier: groupIdentifier),
                        keysToFetch: Self.keys))
            case 7:
                return try store.containers(
                    matching: CNContainer.predicateForContainerOfContact(withIdentifier: identifier)
                ).map(\.name).joined(separator: ",")
            case 8:
                return try store.groups(matching: nil).map(\.name).joined(separator: ",")
            case 9 where status == .limited || (status == .denied && !isReference):
                return try update(identifier, nickname: "n\(argument)", in: store)
            case 11:
                // contacts(for:): the lazy fetch result could hand out hidden contacts past the first batch.
                let request = CNContactFetchRequest(keysToFetch: Self.keys)
                request.unifyResults = argument % 2 == 0
                return stable(Self.render(Array(try store.contacts(for: request).value)))
            case 12:
                // changeHistory(for:) from no token: the adds could name hidden contacts or their memberships.
                let request = CNChangeHistoryFetchRequest()
                request.shouldUnifyResults = argument % 2 == 0
                request.includeGroupChanges = argument % 4 < 2
                request.additionalContactKeyDescriptors = [CNContactGivenNameKey as CNKeyDescriptor]
                let result = try store.changeHistory(for: request)
                return Array(result.value).map(Self.describe).map(stable).sorted().joined(separator: ",")
            case 13:
                // linkReason: could name a hidden card it is linked to, or that card's values.
                guard let reason = try store.linkReason(forContactWithIdentifier: identifier) else {
                    return "not linked"
                }
                return
                    "\(reason.rule) \(stable(reason.matchedContactIdentifier ?? "none")) \(reason.matchedValueIdentifiers.count)"
            case 14:
                // linkedContactIdentifiers: could list hidden cards of the unified contact.
                return try store.linkedContactIdentifiers(ofContactWithIdentifier: identifier).map(stable).sorted()
                    .joined(separator: ",")
            case 15 where status == .limited || (status == .denied && !isReference):
                // link (a write): linking a hidden card must read as missing, as in a store without it.
                let other = identifiers[(argument / 7) % identifiers.count]
                try store.link([identifier, other])
                return "linked"
            case 16 where status == .limited || (status == .denied && !isReference):
                try store.unlink([identifier])
                return "unlinked"
            case 17 where status == .limited || (status == .denied && !isReference):
                // importVCards (a write): a card whose UID or name is a hidden contact's must add a new contact,
                // and the counts must not tell a hidden contact from none.
                let summary = try store.importVCards(data: card(argument))
                return "added \(summary.added) updated \(summary.updated) skipped \(summary.skippedCount)"
            case 18:
                // exportVCards: could write hidden contacts, or name them as members of a group card.
                let url = FileManager.default.temporaryDirectory.appendingPathComponent("leak-\(UUID().uuidString).vcf")
                defer { try? FileManager.default.removeItem(at: url) }
                try store.exportVCards(
                    to: url, options: ContactExportOptions(includesPhotos: false, groupStyle: .appleGroupCards))
                return try VCardReader.read(Data(contentsOf: url)).map { card in
                    card.isGroup
                        ? "group \(card.groupName ?? "") \(card.memberUIDs.map(stable).sorted())"
                        : "\(stable(card.uid ?? "")) \(card.contact.givenName) \(card.contact.familyName)"
                }.sorted().joined(separator: "\n")
            case 19:
                // groups in the default container, and subgroups: names only, never members.
                let container = store.defaultContainerIdentifier()
                return try store.groups(matching: CNGroup.predicateForGroupsInContainer(withIdentifier: container))
                    .map(\.name).joined(separator: ",")
            case 20:
                // enumerateContacts without unification, sorted: every batch restricted.
                var result: [CNContact] = []
                let request = CNContactFetchRequest(keysToFetch: Self.keys)
                request.unifyResults = false
                request.sortOrder = .familyName
                try store.enumerateContacts(with: request) { contact, _ in result.append(contact) }
                return stable(Self.render(result))
            case 21:
                // cardUID(ofContactWithIdentifier:): a hidden contact's card UID, or whether it has one.
                return stable(try store.cardUID(ofContactWithIdentifier: identifier) ?? "no card")
            case 22:
                // contacts(withCardUID:): a hidden contact found by the UID of its card (imports of call 17
                // give contacts the UIDs "uid-N" or a world identifier).
                let uid = argument % 3 == 0 ? "uid-\(argument % 5)" : identifiers[argument % identifiers.count]
                return stable(Self.render(try store.contacts(withCardUID: uid, keysToFetch: Self.keys)))
            case 23 where status == .limited || (status == .denied && !isReference):
                // keepSeparate (a write): keeping a hidden card apart must read as missing, as in a store without it.
                let other = identifiers[(argument / 7) % identifiers.count]
                try store.keepSeparate(identifier, other)
                return "kept separate"
            default:
                // unifiedMeContactWithKeys: the Me card, when hidden, must read as missing.
                return try store.unifiedMeContactWithKeys(toFetch: Self.keys).identifier
            }
        }
    }

    /// How many kinds of call a script draws from.
    static let callCount = 25

    /// Every public member of CNContactStore that reads, writes or reveals anything, and what it could leak,
    /// with the call of ``answer(call:argument:in:)`` that checks it (or the suite that does, for members
    /// whose answer is not contact data and cannot throw). PublicEntryPointTests fails when CNContactStore
    /// gains a public member that is not listed here, or loses one that is.
    static let coveredEntryPoints: [String: String] = [
        "init init()": "nothing by itself: the store of the app this process is (AuthorizationTests)",
        "type.method authorizationStatus(for:)":
            "the app's own status only (AuthorizationTests, FindMyFriendsGateTests)",
        "method authorizationStatus(for:)": "the app's own status only (AuthorizationTests)",
        "method requestAccess(for:)": "nothing: asks the person (AuthorizationTests)",
        "method requestAccess(for:completionHandler:)": "nothing: asks the person (AuthorizationTests)",
        "method enumerateContacts(with:usingBlock:)": "hidden contacts in any batch, sorted or not: calls 0 and 20",
        "method unifiedContacts(matching:keysToFetch:)":
            "hidden contacts matching a name, e-mail, phone, identifiers or group: calls 1-4 and 6",
        "method unifiedContact(withIdentifier:keysToFetch:)":
            "a hidden contact, or whether it exists (its error): call 5",
        "method containers(matching:)": "the container of a hidden contact: call 7",
        "method groups(matching:)": "groups and subgroups (names only): calls 8 and 19",
        "method execute(_:)": "whether a hidden contact exists, through the error of an update: call 9",
        "method unifiedMeContactWithKeys(toFetch:)": "a hidden Me card: default call",
        "method contacts(for:)": "hidden contacts in later pages: call 11",
        "method changeHistory(for:)": "adds and memberships of hidden contacts: call 12",
        "property currentHistoryToken": "nothing but a position in the history (HistoryPrivacyTests)",
        "method defaultContainerIdentifier()": "nothing but the local container's identifier (GateTests)",
        "method linkReason(forContactWithIdentifier:)": "a hidden linked card or its values: call 13",
        "method linkedContactIdentifiers(ofContactWithIdentifier:)": "hidden cards of a unified contact: call 14",
        "method link(_:preferredIdentifier:)": "whether a hidden card exists: call 15",
        "method unlink(_:)": "whether a hidden card exists: call 16",
        "method keepSeparate(_:_:)": "whether a hidden card exists: call 23",
        "method importVCards(data:options:)": "hidden contacts matched by UID or name, through the counts: call 17",
        "method importVCards(from:options:progress:)":
            "the same as importVCards(data:), from files (ImportPrivacyTests)",
        "method exportVCards(to:selection:options:)": "hidden contacts and group members: call 18",
        "method cardUID(ofContactWithIdentifier:)": "a hidden contact's card UID, or whether it has a card: call 21",
        "method contacts(withCardUID:keysToFetch:)": "a hidden contact found by its card's UID: call 22",
        "method present(_:)":
            "contacts the person did not pick, keys not asked, the note without the entitlement, any grant "
            + "(PickerAttackTests.theSnapshotCarriesOnlyTheAskedKeysAndTheNoteOnlyWithTheEntitlement, "
            + "theOneTimePickerGrantsNothing, theAppSocketCarriesTheOutcomeButNeverTheCandidates; ContactPickerTests)",
        "method present(_:delegate:isolation:)":
            "the same as present(_:), through the delegate (ContactPickerTests, ScreensBrowserTests+Pickers)",
        "method presentContactAccessPicker()":
            "identifiers the app already had or lost, or any outside limited access "
            + "(PickerAttackTests.theAccessPickerIsEmptyAtOnceUnlessLimited, "
            + "ScreensBrowserTests.theAccessPickerAddsAndRemovesAndTheAppLearnsOnlyTheAdded)",
        "method startWebAccessButton(_:approvalCallback:)":
            "matching contacts the app cannot see (the frame shows them to the person's browser only), or a grant "
            + "without a genuine visible tap (ScreensBrowserTests+AccessButton; embedded stores get 104: "
            + "anAppWithoutARegisteredWebOriginOrAnEmbeddedStoreGetsNoButton)",
    ]

    /// Identifiers made during the run (imports, and so on) differ between the two stores: they read as "new".
    private func stable(_ text: String) -> String {
        var result = text
        let pattern = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}:AB[A-Za-z]+/
        for match in text.matches(of: pattern) where !identifiers.contains(String(match.output)) {
            result = result.replacingOccurrences(of: String(match.output), with: "new")
        }
        // Lines were sorted by identifier; with some of them now "new", sort again.
        return result.split(separator: "\n", omittingEmptySubsequences: false).sorted().joined(separator: "\n")
    }

    /// A card for an import: its UID one of the world's identifiers (shown, hidden, created or missing) or a
    /// new one, and a name that may repeat a contact's.
    private func card(_ argument: Int) -> Data {
        let uid = argument % 3 == 0 ? "uid-\(argument % 5)" : identifiers[argument % identifiers.count]
        let given = Self.givenNames[argument % Self.givenNames.count]
        let family = Self.familyNames[argument % Self.familyNames.count]
        let email = argument % 2 == 0 ? "EMAIL:\(Self.emails[argument % 2])\r\n" : ""
        let text =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\n"
            + email + "NICKNAME:i\(argument)\r\nEND:VCARD\r\n"
        return Data(text.utf8)
    }

    private static func describe(_ event: CNChangeHistoryEvent) -> String {
        switch event {
        case is CNChangeHistoryDropEverythingEvent: return "drop"
        case let add as CNChangeHistoryAddContactEvent: return "add \(add.contact.identifier) \(add.contact.givenName)"
        case let update as CNChangeHistoryUpdateContactEvent: return "update \(update.contact.identifier)"
        case let delete as CNChangeHistoryDeleteContactEvent: return "delete \(delete.contactIdentifier)"
        case let add as CNChangeHistoryAddGroupEvent: return "group \(add.group.name)"
        case let member as CNChangeHistoryAddMemberToGroupEvent:
            return "member \(member.member.identifier) \(member.group.name)"
        default: return String(describing: type(of: event))
        }
    }

    /// Renames a contact's nickname through a store: the app cannot know hidden contacts' data, so the
    /// mutable contact starts from the identifier only, as a stale copy would.
    private func update(_ identifier: String, nickname: String, in store: CNContactStore) throws -> String {
        let contact = CNMutableContact(
            storage: ContactStorage(identifier: identifier, fetchedKeys: ContactKeySet(.nickname)))
        contact.nickname = nickname
        let request = CNSaveRequest()
        request.update(contact)
        try store.execute(request)
        return "saved"
    }

    private func all(in store: CNContactStore) throws -> [CNContact] {
        var result: [CNContact] = []
        let request = CNContactFetchRequest(keysToFetch: Self.keys)
        request.sortOrder = .givenName
        try store.enumerateContacts(with: request) { contact, _ in result.append(contact) }
        return result
    }

    private static func contact(_ cursor: inout ScriptCursor) -> CNMutableContact {
        let email = cursor.next(3)
        let phone = cursor.next(3)
        return ContactFixtures.person(
            givenNames[cursor.next(givenNames.count)], familyNames[cursor.next(familyNames.count)],
            phones: phone < 2 ? [phones[phone]] : [], emails: email < 2 ? [emails[email]] : [])
    }

    private static func save(
        _ contacts: [CNMutableContact], members: [Bool], group: CNMutableGroup, in store: CNContactStore
    ) throws {
        let request = CNSaveRequest()
        request.add(group.mutableCopy() as? CNMutableGroup ?? group, toContainerWithIdentifier: nil)
        for (contact, isMember) in zip(contacts, members) {
            request.add(contact, toContainerWithIdentifier: nil)
            if isMember { request.addMember(contact, to: group) }
        }
        try store.execute(request)
    }

    /// Contacts as order-independent text: rows with the same sort key may come in row-id order, which differs
    /// between files.
    private static func render(_ contacts: [CNContact]) -> String {
        contacts.map { contact in
            let values =
                [contact.identifier, contact.givenName, contact.familyName, contact.nickname]
                + contact.emailAddresses.map { $0.value as String } + contact.phoneNumbers.map(\.value.stringValue)
            return values.joined(separator: "|")
        }
        .sorted().joined(separator: "\n")
    }

    private static func render(_ body: () throws -> String) -> String {
        do {
            return try body()
        } catch let error as CNError {
            return "error \(error.code.rawValue) \(error.affectedRecordIdentifiers ?? [])"
        } catch {
            return "other error"
        }
    }
}

/// Reads bounded choices from a generated list of integers.
struct ScriptCursor {
    private let values: [Int]
    private var position = 0

    init(_ values: [Int]) {
        self.values = values
    }

    var isAtEnd: Bool { position >= values.count }

    /// The next value modulo `bound` (0 when the script is exhausted).
    mutating func next(_ bound: Int) -> Int {
        guard position < values.count, bound > 0 else { return 0 }
        defer { position += 1 }
        return values[position] % bound
    }
}
