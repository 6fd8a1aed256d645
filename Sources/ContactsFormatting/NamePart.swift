import ContactsModel

/// One part of a formatted name: the property it comes from and its text.
package struct NamePart: Sendable, Equatable {
    package var property: ContactProperty
    package var text: String
}
