import ContactsModel

extension Contacts_V1_Container {
    /// The message for a container, from the columns of the store's container row.
    ///
    /// The engine's `ContainerRow` is out of this module's reach (it would bring GRDB below the client), so
    /// the daemon passes its columns.
    package init(identifier: String, name: String, type: CNContainerType, isDefault: Bool, isReadOnly: Bool) {
        self.init()
        self.identifier = identifier
        self.name = name
        self.type = Int32(type.rawValue)
        self.isDefault = isDefault
        self.isReadOnly = isReadOnly
    }

    /// The container's type, or nil for a raw value this build does not know.
    package var containerType: CNContainerType? {
        CNContainerType(rawValue: Int(type))
    }
}
