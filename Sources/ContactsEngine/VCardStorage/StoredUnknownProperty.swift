/// A vCard property the contact model has no field for, as one row of the `unknown_property` table.
///
/// The engine stores the text it is given; the vCard layer decides how parameters are encoded.
package struct StoredUnknownProperty: Hashable, Sendable {
    /// The property's group, such as `item1`; nil when ungrouped.
    package var group: String?
    /// The property name as written.
    package var name: String
    /// The parameters, encoded by the caller.
    package var parameters: String
    /// The value text as written.
    package var value: String

    package init(group: String?, name: String, parameters: String, value: String) {
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
    }
}

extension StatementBinder {
    /// Binds an unknown property's columns after its contact's id and position, in `unknown_property`'s order:
    /// group, name, parameters, value (an import's one-row inserts and its many-row ones).
    mutating func bindColumns(of property: StoredUnknownProperty) {
        bind(property.group)
        bind(property.name)
        bind(property.parameters)
        bind(property.value)
    }
}
