import Contacts
import Foundation

/// One string a contact holds: a single-valued property, or one part of a labeled value (its label, its
/// value, or a field of a structured value), for tests that hold every string to an exact round trip.
///
/// ```swift
/// for field in ContactStringField.all {
///     let contact = field.contact(holding: "a\u{0}b")
///     #expect(field.value(in: contact) == "a\u{0}b")
/// }
/// ```
package struct ContactStringField: Sendable, CustomStringConvertible {
    /// The key path a person reads, such as "note" or "postalAddresses.street".
    package let name: String
    /// The contact key that fetches the field.
    package let key: String
    private let write: @Sendable (CNMutableContact, String) -> Void
    private let read: @Sendable (CNContact) -> String?

    package var description: String { name }

    /// A contact holding `text` in this field and nothing else.
    ///
    /// A labeled value gets "_$!<Home>!$_" as its label and plain text in its other fields, so only the
    /// field under test carries the text.
    package func contact(holding text: String) -> CNMutableContact {
        let contact = CNMutableContact()
        write(contact, text)
        return contact
    }

    /// Sets the field of an existing contact, replacing the labeled values of its property.
    package func set(_ text: String, in contact: CNMutableContact) {
        write(contact, text)
    }

    /// The field's text, or nil when the contact has no labeled value for it.
    package func value(in contact: CNContact) -> String? {
        read(contact)
    }

    private init(
        _ name: String, key: String, write: @escaping @Sendable (CNMutableContact, String) -> Void,
        read: @escaping @Sendable (CNContact) -> String?
    ) {
        self.name = name
        self.key = key
        self.write = write
        self.read = read
    }

    /// Every string field of a contact: the 15 single-valued strings, then the labels and string parts of
    /// each of the eight labeled-value properties.
    package static let all: [ContactStringField] =
        scalars + phones + emails + postalAddresses + urls + relations
        + socialProfiles + instantMessageAddresses + dates

    private static func scalar(
        _ keyPath: ReferenceWritableKeyPath<CNMutableContact, String> & Sendable, key: String
    ) -> ContactStringField {
        ContactStringField(
            key, key: key, write: { $0[keyPath: keyPath] = $1 }, read: { $0.value(forKey: key) as? String })
    }

    private static let scalars: [ContactStringField] = [
        scalar(\.namePrefix, key: CNContactNamePrefixKey),
        scalar(\.givenName, key: CNContactGivenNameKey),
        scalar(\.middleName, key: CNContactMiddleNameKey),
        scalar(\.familyName, key: CNContactFamilyNameKey),
        scalar(\.previousFamilyName, key: CNContactPreviousFamilyNameKey),
        scalar(\.nameSuffix, key: CNContactNameSuffixKey),
        scalar(\.nickname, key: CNContactNicknameKey),
        scalar(\.phoneticGivenName, key: CNContactPhoneticGivenNameKey),
        scalar(\.phoneticMiddleName, key: CNContactPhoneticMiddleNameKey),
        scalar(\.phoneticFamilyName, key: CNContactPhoneticFamilyNameKey),
        scalar(\.phoneticOrganizationName, key: CNContactPhoneticOrganizationNameKey),
        scalar(\.organizationName, key: CNContactOrganizationNameKey),
        scalar(\.departmentName, key: CNContactDepartmentNameKey),
        scalar(\.jobTitle, key: CNContactJobTitleKey),
        scalar(\.note, key: CNContactNoteKey),
    ]

    /// The label and the value of a labeled-value property whose value is built from one string.
    private static func labeled<Value>(
        _ name: String, key: String, plain: String,
        _ keyPath: ReferenceWritableKeyPath<CNMutableContact, [CNLabeledValue<Value>]> & Sendable,
        make: @escaping @Sendable (String) -> Value, text: @escaping @Sendable (Value) -> String
    ) -> [ContactStringField] {
        let read: @Sendable (CNContact) -> CNLabeledValue<Value>? = {
            ($0.value(forKey: key) as? [CNLabeledValue<Value>])?.first
        }
        return [
            ContactStringField(
                name + ".label", key: key,
                write: { $0[keyPath: keyPath] = [CNLabeledValue(label: $1, value: make(plain))] },
                read: { read($0)?.label }
            ),
            ContactStringField(
                name + ".value", key: key,
                write: { $0[keyPath: keyPath] = [CNLabeledValue(label: CNLabelHome, value: make($1))] },
                read: { read($0).map { text($0.value) } }
            ),
        ]
    }

    private static let phones = labeled(
        "phoneNumbers", key: CNContactPhoneNumbersKey, plain: "+1 408 555 0100", \.phoneNumbers,
        make: { CNPhoneNumber(stringValue: $0) }, text: { $0.stringValue }
    )
    private static let emails = labeled(
        "emailAddresses", key: CNContactEmailAddressesKey, plain: "ann@example.com", \.emailAddresses,
        make: { $0 as NSString }, text: { $0 as String }
    )
    private static let urls = labeled(
        "urlAddresses", key: CNContactUrlAddressesKey, plain: "https://example.com", \.urlAddresses,
        make: { $0 as NSString }, text: { $0 as String }
    )
    private static let relations = labeled(
        "contactRelations", key: CNContactRelationsKey, plain: "Bob", \.contactRelations,
        make: { CNContactRelation(name: $0) }, text: { $0.name }
    )

    /// The label and every field of a labeled structured value; `make` gets the text for one field (by
    /// name) and plain text for the others.
    private static func structured<Value>(
        _ name: String, key: String, fields: [String],
        _ keyPath: ReferenceWritableKeyPath<CNMutableContact, [CNLabeledValue<Value>]> & Sendable,
        make: @escaping @Sendable (_ field: String?, _ text: String) -> Value,
        text: @escaping @Sendable (_ field: String, Value) -> String
    ) -> [ContactStringField] {
        let read: @Sendable (CNContact) -> CNLabeledValue<Value>? = {
            ($0.value(forKey: key) as? [CNLabeledValue<Value>])?.first
        }
        let label = ContactStringField(
            name + ".label", key: key,
            write: { $0[keyPath: keyPath] = [CNLabeledValue(label: $1, value: make(nil, ""))] },
            read: { read($0)?.label }
        )
        return [label]
            + fields.map { field in
                ContactStringField(
                    name + "." + field, key: key,
                    write: { $0[keyPath: keyPath] = [CNLabeledValue(label: CNLabelHome, value: make(field, $1))] },
                    read: { read($0).map { text(field, $0.value) } }
                )
            }
    }

    private static let postalAddresses = structured(
        "postalAddresses", key: CNContactPostalAddressesKey,
        fields: [
            "street", "subLocality", "city", "subAdministrativeArea", "state", "postalCode", "country",
            "isoCountryCode",
        ],
        \.postalAddresses,
        make: { field, text in
            let address = CNMutablePostalAddress()
            address.street = field == "street" ? text : "1 Main Street"
            address.subLocality = field == "subLocality" ? text : "Old Town"
            address.city = field == "city" ? text : "Springfield"
            address.subAdministrativeArea = field == "subAdministrativeArea" ? text : "County"
            address.state = field == "state" ? text : "State"
            address.postalCode = field == "postalCode" ? text : "12345"
            address.country = field == "country" ? text : "Country"
            address.isoCountryCode = field == "isoCountryCode" ? text : "us"
            return address
        },
        text: { field, address in
            switch field {
            case "street": address.street
            case "subLocality": address.subLocality
            case "city": address.city
            case "subAdministrativeArea": address.subAdministrativeArea
            case "state": address.state
            case "postalCode": address.postalCode
            case "country": address.country
            default: address.isoCountryCode
            }
        }
    )

    private static let socialProfiles = structured(
        "socialProfiles", key: CNContactSocialProfilesKey,
        fields: ["urlString", "username", "userIdentifier", "service"],
        \.socialProfiles,
        make: { field, text in
            CNSocialProfile(
                urlString: field == "urlString" ? text : "https://example.com/ann",
                username: field == "username" ? text : "ann",
                userIdentifier: field == "userIdentifier" ? text : "42",
                service: field == "service" ? text : "Example"
            )
        },
        text: { field, profile in
            switch field {
            case "urlString": profile.urlString
            case "username": profile.username
            case "userIdentifier": profile.userIdentifier
            default: profile.service
            }
        }
    )

    private static let instantMessageAddresses = structured(
        "instantMessageAddresses", key: CNContactInstantMessageAddressesKey, fields: ["username", "service"],
        \.instantMessageAddresses,
        make: { field, text in
            CNInstantMessageAddress(
                username: field == "username" ? text : "ann", service: field == "service" ? text : "Example"
            )
        },
        text: { field, address in field == "username" ? address.username : address.service }
    )

    /// Dates hold one string, their label.
    private static let dates = [
        ContactStringField(
            "dates.label", key: CNContactDatesKey,
            write: { contact, text in
                var components = DateComponents()
                components.year = 2001
                components.month = 2
                components.day = 3
                contact.dates = [CNLabeledValue(label: text, value: components as NSDateComponents)]
            },
            read: { ($0.value(forKey: CNContactDatesKey) as? [CNLabeledValue<NSDateComponents>])?.first?.label }
        )
    ]
}
