import ContactsModel

extension Contacts_V1_Predicate {
    /// The message for a predicate made by a CNContact, CNGroup or CNContainer factory.
    ///
    /// ```swift
    /// request.predicate = Contacts_V1_Predicate(predicate.kind)
    /// ```
    package init(_ kind: ContactsPredicate.Kind) {
        self.init()
        switch kind {
        case .contactsMatchingName(let name): self.kind = .contactsMatchingName(name)
        case .contactsWithIdentifiers(let identifiers): self.kind = .contactsWithIdentifiers(.init(identifiers))
        case .contactsInGroup(let identifier): self.kind = .contactsInGroup(identifier)
        case .contactsInContainer(let identifier): self.kind = .contactsInContainer(identifier)
        case .contactsMatchingPhoneNumber(let number): self.kind = .contactsMatchingPhoneNumber(number)
        case .contactsMatchingEmailAddress(let address): self.kind = .contactsMatchingEmailAddress(address)
        case .groupsWithIdentifiers(let identifiers): self.kind = .groupsWithIdentifiers(.init(identifiers))
        case .groupsInContainer(let identifier): self.kind = .groupsInContainer(identifier)
        case .subgroupsInGroup(let identifier): self.kind = .subgroupsInGroup(identifier)
        case .containersWithIdentifiers(let identifiers): self.kind = .containersWithIdentifiers(.init(identifiers))
        case .containerOfContact(let identifier): self.kind = .containerOfContact(identifier)
        case .containerOfGroup(let identifier): self.kind = .containerOfGroup(identifier)
        }
    }
}

extension ContactsPredicate.Kind {
    /// The predicate a message describes.
    ///
    /// ```swift
    /// let predicate = ContactsPredicate(try ContactsPredicate.Kind(wire: request.predicate))
    /// ```
    ///
    /// - Parameter message: A predicate message; check `hasPredicate` on the request first, since an absent
    ///   predicate means "every record" there.
    /// - Throws: `WireError.malformedMessage` when the message sets no kind, which a newer peer's kind this
    ///   build does not know also looks like.
    package init(wire message: Contacts_V1_Predicate) throws(WireError) {
        switch message.kind {
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
        case nil: throw WireError(.malformedMessage, "Predicate sets no kind")
        }
    }
}
