import ContactsModel

extension Contacts_V1_Group {
    /// The message for a group.
    package init(_ fields: CNGroup.Fields) {
        self.init()
        identifier = fields.identifier
        name = fields.name
    }
}

extension CNGroup.Fields {
    /// The fields a group message holds.
    package init(wire message: Contacts_V1_Group) {
        self.init(identifier: message.identifier, name: message.name)
    }
}
