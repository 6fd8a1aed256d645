import ContactsModel
import Foundation

extension CNContactFormatter {
    /// The keys a contact must hold to be formatted in a style; combine several styles freely.
    ///
    /// `.fullName`: name prefix, given, middle and family name, name suffix, contact type, organization name
    /// and nickname. `.phoneticFullName`: given, middle and family name, their phonetic spellings, the
    /// phonetic organization name and the contact type.
    ///
    /// ```swift
    /// let request = CNContactFetchRequest(keysToFetch: [CNContactFormatter.descriptorForRequiredKeys(for: .fullName)])
    /// ```
    ///
    /// - Parameter style: The style the contacts will be formatted in.
    /// - Returns: An aggregate descriptor to put in `keysToFetch`.
    public class func descriptorForRequiredKeys(for style: CNContactFormatterStyle) -> any CNKeyDescriptor {
        switch style {
        case .fullName: fullNameDescriptor
        case .phoneticFullName: phoneticFullNameDescriptor
        }
    }

    /// The keys ``nameOrder(for:)`` reads: given, middle and family name.
    public class var descriptorForRequiredKeysForNameOrder: any CNKeyDescriptor {
        nameOrderDescriptor
    }

    /// The keys ``delimiter(for:)`` reads: given, middle and family name.
    public class var descriptorForRequiredKeysForDelimiter: any CNKeyDescriptor {
        delimiterDescriptor
    }
}

private let fullNameDescriptor = AggregateKeyDescriptor(
    name: "CNContactFormatter.fullName",
    keys: NameFormatter.fullNameKeys.map(\.key)
)

private let phoneticFullNameDescriptor = AggregateKeyDescriptor(
    name: "CNContactFormatter.phoneticFullName",
    keys: NameFormatter.phoneticFullNameKeys.map(\.key)
)

private let nameOrderDescriptor = AggregateKeyDescriptor(
    name: "CNContactFormatter.nameOrder",
    keys: NameFormatter.nameOrderKeys.map(\.key)
)

private let delimiterDescriptor = AggregateKeyDescriptor(
    name: "CNContactFormatter.delimiter",
    keys: NameFormatter.nameOrderKeys.map(\.key)
)
