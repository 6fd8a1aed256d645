import ContactsModel

extension Contacts_V1_Predicate {
    /// The wire form of a framework predicate.
    package init(_ kind: ContactsPredicate.Kind) {
        self.init()
        func list(_ values: [String]) -> Contacts_V1_StringList {
            var list = Contacts_V1_StringList()
            list.values = values
            return list
        }
        switch kind {
        case .contactsMatchingName(let name): self.kind = .contactsMatchingName(name)
        case .contactsWithIdentifiers(let identifiers): self.kind = .contactsWithIdentifiers(list(identifiers))
        case .contactsInGroup(let identifier): self.kind = .contactsInGroup(identifier)
        case .contactsInContainer(let identifier): self.kind = .contactsInContainer(identifier)
        case .contactsMatchingPhoneNumber(let number): self.kind = .contactsMatchingPhoneNumber(number)
        case .contactsMatchingEmailAddress(let address): self.kind = .contactsMatchingEmailAddress(address)
        case .groupsWithIdentifiers(let identifiers): self.kind = .groupsWithIdentifiers(list(identifiers))
        case .groupsInContainer(let identifier): self.kind = .groupsInContainer(identifier)
        case .subgroupsInGroup(let identifier): self.kind = .subgroupsInGroup(identifier)
        case .containersWithIdentifiers(let identifiers): self.kind = .containersWithIdentifiers(list(identifiers))
        case .containerOfContact(let identifier): self.kind = .containerOfContact(identifier)
        case .containerOfGroup(let identifier): self.kind = .containerOfGroup(identifier)
        }
    }
}

extension ContactsPredicate.Kind {
    /// The framework predicate a wire predicate describes.
    ///
    /// - Throws: ``WireError`` `malformedMessage` for a predicate without a kind.
    package init(wire: Contacts_V1_Predicate) throws(WireError) {
        switch wire.kind {
        case .contactsMatchingName(let name): self = .contactsMatchingName(name)
        case .contactsWithIdentifiers(let list): self = .contactsWithIdentifiers(list.values)
        case .contactsInGroup(let identifier): self = .contactsInGroup(identifier)
        case .contactsInContainer(let identifier): self = .contactsInContainer(identifier)
        case .contactsMatchingPhoneNumber(let number): self = .contactsMatchingPhoneNumber(number)
        case .contactsMatchingEmailAddress(let address): self = .contactsMatchingEmailAddress(address)
        case .groupsWithIdentifiers(let list): self = .groupsWithIdentifiers(list.values)
        case .groupsInContainer(let identifier): self = .groupsInContainer(identifier)
        case .subgroupsInGroup(let identifier): self = .subgroupsInGroup(identifier)
        case .containersWithIdentifiers(let list): self = .containersWithIdentifiers(list.values)
        case .containerOfContact(let identifier): self = .containerOfContact(identifier)
        case .containerOfGroup(let identifier): self = .containerOfGroup(identifier)
        case nil: throw WireError(.malformedMessage, "a predicate without a kind")
        }
    }
}
