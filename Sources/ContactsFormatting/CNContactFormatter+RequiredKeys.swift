import ContactsModel
import Foundation

// The key descriptors of CNContactFormatter's required-keys class members, which live in the class body so
// subclasses can override them as on Apple platforms.

let fullNameDescriptor = AggregateKeyDescriptor(
    name: "CNContactFormatter.fullName",
    keys: NameFormatter.fullNameKeys.map(\.key)
)

let phoneticFullNameDescriptor = AggregateKeyDescriptor(
    name: "CNContactFormatter.phoneticFullName",
    keys: NameFormatter.phoneticFullNameKeys.map(\.key)
)

let nameOrderDescriptor = AggregateKeyDescriptor(
    name: "CNContactFormatter.nameOrder",
    keys: NameFormatter.nameOrderKeys.map(\.key)
)

let delimiterDescriptor = AggregateKeyDescriptor(
    name: "CNContactFormatter.delimiter",
    keys: NameFormatter.nameOrderKeys.map(\.key)
)
