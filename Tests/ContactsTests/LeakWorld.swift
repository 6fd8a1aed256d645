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

    init(script: [Int], status: CNAuthorizationStatus) throws {
        self.status = status
        var cursor = ScriptCursor(script)
        fixtures = try PrivacyFixtures()
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
        app = fixtures.store(for: PrivacyFixtures.app())
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
            let call = cursor.next(11)
            let argument = cursor.next(identifiers.count * 10)
            let answer = try self.answer(call: call, argument: argument, in: app)
            let expected = try reference.map { try self.answer(call: call, argument: argument, in: $0) } ?? "error 100 []"
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
                return try Self.render(store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: name), keysToFetch: Self.keys))
            case 2:
                let email = Self.emails[argument % 2]
                return try Self.render(store.unifiedContacts(matching: CNContact.predicateForContacts(matchingEmailAddress: email), keysToFetch: Self.keys))
            case 3:
                let phone = CNPhoneNumber(stringValue: Self.phones[argument % 2])
                return try Self.render(store.unifiedContacts(matching: CNContact.predicateForContacts(matching: phone), keysToFetch: Self.keys))
            case 4:
                let chosen = identifiers.enumerated().filter { (argument >> $0.offset) & 1 == 1 }.map(\.element)
                return try Self.render(store.unifiedContacts(matching: CNContact.predicateForContacts(withIdentifiers: chosen), keysToFetch: Self.keys))
            case 5:
                return try Self.render([store.unifiedContact(withIdentifier: identifier, keysToFetch: Self.keys)])
            case 6:
                return try Self.render(store.unifiedContacts(matching: CNContact.predicateForContactsInGroup(withIdentifier: groupIdentifier), keysToFetch: Self.keys))
            case 7:
                return try store.containers(matching: CNContainer.predicateForContainerOfContact(withIdentifier: identifier)).map(\.name).joined(separator: ",")
            case 8:
                return try store.groups(matching: nil).map(\.name).joined(separator: ",")
            case 9 where status == .limited || (status == .denied && !isReference):
                return try update(identifier, nickname: "n\(argument)", in: store)
            default:
                return try store.unifiedMeContactWithKeys(toFetch: Self.keys).identifier
            }
        }
    }

    /// Renames a contact's nickname through a store: the app cannot know hidden contacts' data, so the
    /// mutable contact starts from the identifier only, as a stale copy would.
    private func update(_ identifier: String, nickname: String, in store: CNContactStore) throws -> String {
        let contact = CNMutableContact(storage: ContactStorage(identifier: identifier, fetchedKeys: ContactKeySet(.nickname)))
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

    private static func save(_ contacts: [CNMutableContact], members: [Bool], group: CNMutableGroup, in store: CNContactStore) throws {
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
            let values = [contact.identifier, contact.givenName, contact.familyName, contact.nickname]
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
