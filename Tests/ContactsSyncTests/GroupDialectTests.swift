import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// Groups in each dialect a server's other clients use, both ways, on both servers.
@Suite(.tags(.integration))
struct GroupDialectTests {
    static func groupCard(_ dialect: GroupDialect, name: String, members: [String]) -> String? {
        switch dialect {
        case .appleGroupCards:
            Cards.lines(
                [
                    "BEGIN:VCARD", "VERSION:3.0", "UID:group-1", "N:\(name);;;;", "FN:\(name)",
                    "X-ADDRESSBOOKSERVER-KIND:group",
                ]
                    + members.map { "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\($0)" } + ["END:VCARD"])
        case .vCard4Kind:
            Cards.lines(
                ["BEGIN:VCARD", "VERSION:3.0", "UID:group-1", "N:\(name);;;;", "FN:\(name)", "KIND:group"]
                    + members.map { "MEMBER:urn:uuid:\($0)" } + ["END:VCARD"])
        case .categories:
            nil
        }
    }

    static func members(of group: String, in harness: SyncHarness, container: String) throws -> [String] {
        let groups = try harness.store.groups(
            matching: CNGroup.predicateForGroupsInContainer(withIdentifier: container))
        guard let found = groups.first(where: { $0.name == group }) else { return [] }
        let request = CNContactFetchRequest(keysToFetch: [CNContactFamilyNameKey as NSString])
        request.predicate = CNContact.predicateForContactsInGroup(withIdentifier: found.identifier)
        var names: [String] = []
        try harness.store.enumerateContacts(with: request) { contact, _ in names.append(contact.familyName) }
        return names.sorted()
    }

    @Test(arguments: ServerKind.allCases, GroupDialect.allCases)
    func groupsComeDownInTheServersDialectWhichTheBookThenUses(kind: ServerKind, dialect: GroupDialect) async throws {
        let server = try CardDAVTestServer.start(kind)
        let categories = dialect == .categories ? ["CATEGORIES:Scientists"] : []
        try await server.put(
            Cards.person(uid: "ada", given: "Ada", family: "Lovelace", extra: categories), name: "ada.vcf")
        try await server.put(
            Cards.person(uid: "alan", given: "Alan", family: "Turing", extra: categories), name: "alan.vcf")
        try await server.put(Cards.person(uid: "grace", given: "Grace", family: "Hopper"), name: "grace.vcf")
        if let card = Self.groupCard(dialect, name: "Scientists", members: ["ada", "alan"]) {
            try await server.put(card, name: "group-1.vcf")
        }
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server)
        let container = try harness.container(of: account, server: server)
        try await harness.sync(account)
        #expect(try Self.members(of: "Scientists", in: harness, container: container) == ["Lovelace", "Turing"])
        let book = try #require(
            try harness.accounts.account(identifier: account.identifier).addressBooks.first {
                $0.containerIdentifier == container
            })
        #expect(book.capabilities.groupDialect == dialect)

        // A membership added here goes up in the same dialect, and a second store sees it.
        let grace = try #require(try harness.contact(named: "Hopper", in: container))
        let group = try #require(
            try harness.store.groups(matching: CNGroup.predicateForGroupsInContainer(withIdentifier: container)).first)
        let request = CNSaveRequest()
        request.addMember(grace, to: group)
        try harness.store.execute(request)
        let summary = try await harness.sync(account)
        #expect(summary.uploaded == 1)
        let texts = try await server.cards()
        switch dialect {
        case .appleGroupCards:
            #expect(texts["group-1.vcf"]?.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:grace") == true)
        case .vCard4Kind: #expect(texts["group-1.vcf"]?.contains("MEMBER:urn:uuid:grace") == true)
        case .categories: #expect(texts["grace.vcf"]?.contains("CATEGORIES:Scientists") == true)
        }

        let second = try SyncHarness()
        let other = try await second.addAccount(server)
        let otherContainer = try second.container(of: other, server: server)
        try await second.sync(other)
        #expect(
            try Self.members(of: "Scientists", in: second, container: otherContainer) == [
                "Hopper", "Lovelace", "Turing",
            ])
    }

    @Test(arguments: ServerKind.allCases, GroupDialect.allCases)
    func aGroupMadeHereGoesUpInTheChosenDialect(kind: ServerKind, dialect: GroupDialect) async throws {
        let server = try CardDAVTestServer.start(kind)
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server, dialect: dialect)
        let container = try harness.container(of: account, server: server)
        try harness.add(given: "Ada", family: "Lovelace", to: container)
        let group = CNMutableGroup()
        group.name = "Friends"
        let add = CNSaveRequest()
        add.add(group, toContainerWithIdentifier: container)
        try harness.store.execute(add)
        let ada = try #require(try harness.contact(named: "Lovelace", in: container))
        let member = CNSaveRequest()
        member.addMember(ada, to: group)
        try harness.store.execute(member)
        let summary = try await harness.sync(account)
        #expect(summary.uploaded == (dialect == .categories ? 1 : 2))
        let texts = try await server.cards().values.joined(separator: "\n")
        switch dialect {
        case .appleGroupCards: #expect(texts.contains("X-ADDRESSBOOKSERVER-KIND:group"))
        case .vCard4Kind: #expect(texts.contains("KIND:group") && !texts.contains("X-ADDRESSBOOKSERVER"))
        case .categories: #expect(texts.contains("CATEGORIES:Friends"))
        }

        // Removing the member goes up too.
        let remove = CNSaveRequest()
        remove.removeMember(ada, from: group)
        try harness.store.execute(remove)
        #expect(try await harness.sync(account).uploaded == 1)
        let after = try await server.cards().values.joined(separator: "\n")
        #expect(!after.contains("MEMBER:urn:uuid:") && !after.contains("CATEGORIES:Friends"))
    }
}
