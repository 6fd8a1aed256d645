import ContactsModel
import Foundation

/// Where each contact property lives in the schema.
package enum ContactColumns {
    /// The column of a single-valued property in `contact`, or nil for properties stored elsewhere.
    package static func column(of property: ContactProperty) -> String? {
        switch property {
        case .contactType: "contact_type"
        case .namePrefix: "name_prefix"
        case .givenName: "given_name"
        case .middleName: "middle_name"
        case .familyName: "family_name"
        case .previousFamilyName: "previous_family_name"
        case .nameSuffix: "name_suffix"
        case .nickname: "nickname"
        case .phoneticGivenName: "phonetic_given_name"
        case .phoneticMiddleName: "phonetic_middle_name"
        case .phoneticFamilyName: "phonetic_family_name"
        case .phoneticOrganizationName: "phonetic_organization_name"
        case .organizationName: "organization_name"
        case .departmentName: "department_name"
        case .jobTitle: "job_title"
        case .note: "note"
        case .birthday: "birthday"
        case .nonGregorianBirthday: "non_gregorian_birthday"
        case .imageDataAvailable: "has_image"
        default: nil
        }
    }

    /// The single-valued properties stored as columns of `contact`, in schema order.
    package static let scalarProperties: [ContactProperty] = ContactProperty.allCases.filter {
        column(of: $0) != nil
    }

    /// The name fields the name predicate searches.
    package static let searchedNameProperties: [ContactProperty] = [
        .namePrefix, .givenName, .middleName, .familyName, .previousFamilyName, .nameSuffix, .nickname,
        .organizationName, .phoneticGivenName, .phoneticMiddleName, .phoneticFamilyName,
        .phoneticOrganizationName,
    ]

    /// The properties whose change needs the name index and sort keys rebuilt.
    package static let indexedNameProperties: ContactKeySet = ContactKeySet(
        searchedNameProperties + SortKey.properties
    )
}
