import Contacts

/// The state of one import's saving pass: the match index, the pending batch and the counts.
struct ImportSession {
    let store: CNContactStore
    let containerIdentifier: String?
    let batchSize: Int
    var summary = ImportSummary()

    /// Match key to the identifier of a contact in the store.
    private var existing: [String: String] = [:]
    /// Match keys of cards seen in this import.
    private var seen: Set<String> = []
    /// vCard UID to the identifier of the contact it became, for group members.
    private var identifiersByUID: [String: String] = [:]
    private var additions: [CNMutableContact] = []
    private var updates: [CNMutableContact] = []
    private var groupCards: [VCardCard] = []
    private let formatter = CNContactFormatter()

    init(store: CNContactStore, containerIdentifier: String?, batchSize: Int) {
        self.store = store
        self.containerIdentifier = containerIdentifier
        self.batchSize = batchSize
    }

    static var matchKeys: [any CNKeyDescriptor] {
        [CNContactFormatter.descriptorForRequiredKeys(for: .fullName), CNContactOrganizationNameKey as NSString,
         CNContactEmailAddressesKey as NSString, CNContactPhoneNumbersKey as NSString]
    }

    mutating func loadExistingContacts() throws {
        let request = CNContactFetchRequest(keysToFetch: Self.matchKeys)
        var index: [String: String] = [:]
        try store.enumerateContacts(with: request) { contact, _ in
            let key = matchKey(contact)
            if index[key] == nil { index[key] = contact.identifier }
        }
        existing = index
    }

    /// The match key: formatted name, then the first e-mail address or else the first phone number's digits.
    func matchKey(_ contact: CNContact) -> String {
        let name = formatter.string(from: contact) ?? ""
        let organization = contact.organizationName
        if let email = contact.emailAddresses.first {
            return "\(name)\u{1}\(organization)\u{1}e:\((email.value as String).lowercased())"
        }
        let digits = contact.phoneNumbers.first?.value.stringValue.filter(\.isNumber) ?? ""
        return "\(name)\u{1}\(organization)\u{1}p:\(digits)"
    }

    mutating func take(_ card: VCardCard) throws {
        summary.cards += 1
        if card.isGroup {
            groupCards.append(card)
            return
        }
        let contact = card.contact
        let storage = contact.storage
        if (formatter.string(from: contact) ?? "").isEmpty && storage.organizationName.isEmpty
            && storage.emailAddresses.isEmpty && storage.phoneNumbers.isEmpty
        {
            summary.skip(.empty)
            return
        }
        let key = matchKey(contact)
        guard seen.insert(key).inserted else {
            summary.skip(.duplicateInInput)
            return
        }
        if let identifier = existing[key] {
            var replaced = storage
            replaced.identifier = identifier
            updates.append(CNMutableContact(storage: replaced))
            remember(card, as: identifier)
        } else {
            additions.append(contact)
            remember(card, as: contact.identifier)
        }
        if additions.count + updates.count >= batchSize { try flush() }
    }

    private mutating func remember(_ card: VCardCard, as identifier: String) {
        guard let uid = card.uid else { return }
        identifiersByUID[Self.bareUID(uid)] = identifier
    }

    static func bareUID(_ uid: String) -> String {
        uid.lowercased().hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
    }

    /// Saves the pending batch as one request; updates equal to the stored contact are skipped.
    mutating func flush() throws {
        let request = CNSaveRequest()
        request.transactionAuthor = "contacts import"
        var changed = 0
        if !updates.isEmpty {
            let stored = try store.unifiedContacts(
                matching: CNContact.predicateForContacts(withIdentifiers: updates.map(\.identifier)),
                keysToFetch: ContactKeys.vCard)
            let storedByIdentifier = Dictionary(stored.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
            let options = VCardWritingOptions(includesPhoto: false)
            for update in updates {
                if let current = storedByIdentifier[update.identifier],
                    VCardWriter.data(for: [current], options: options) == VCardWriter.data(for: [update], options: options)
                {
                    summary.skip(.unchanged)
                } else {
                    request.update(update)
                    changed += 1
                }
            }
        }
        for addition in additions { request.add(addition, toContainerWithIdentifier: containerIdentifier) }
        if changed + additions.count > 0 { try store.execute(request) }
        summary.added += additions.count
        summary.updated += changed
        additions.removeAll(keepingCapacity: true)
        updates.removeAll(keepingCapacity: true)
    }

    /// Saves the last batch, then the groups: found by name or created, members added once.
    mutating func finish() throws {
        try flush()
        guard !groupCards.isEmpty else { return }
        var groupsByName = Dictionary(
            try store.groups(matching: nil).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for card in groupCards {
            guard let name = card.groupName, !name.allSatisfy(\.isWhitespace) else {
                summary.skip(.unnamedGroup)
                continue
            }
            let request = CNSaveRequest()
            request.transactionAuthor = "contacts import"
            let group: CNGroup
            var members: Set<String> = []
            if let found = groupsByName[name] {
                group = found
                members = Set(try store.unifiedContacts(
                    matching: CNContact.predicateForContactsInGroup(withIdentifier: found.identifier), keysToFetch: []
                ).map(\.identifier))
            } else {
                let created = CNMutableGroup()
                created.name = name
                request.add(created, toContainerWithIdentifier: containerIdentifier)
                group = created
                groupsByName[name] = created
                summary.groupsCreated += 1
            }
            var added = 0
            for uid in card.memberUIDs {
                guard let identifier = identifiersByUID[Self.bareUID(uid)], members.insert(identifier).inserted else { continue }
                let member = CNMutableContact(storage: ContactStorage(identifier: identifier, fetchedKeys: .identifierOnly))
                request.addMember(member, to: group)
                added += 1
            }
            try store.execute(request)
            summary.membersAdded += added
        }
    }
}
