import ContactsModel
import Foundation

/// Composes a contact's name from its parts: the engine behind `CNContactFormatter`.
///
/// A value type built once from the person's settings, so formatting a name reads no settings and
/// allocates only the result. The vCard writer uses it for `FN` through `CNContactFormatter`.
package struct NameFormatter: Sendable {
    /// Whether a name whose script does not decide the order is written family name first.
    package let defaultFamilyNameFirst: Bool

    /// Creates a formatter for settings: the display-order setting wins over the locale's language.
    package init(settings: UserSettings) {
        switch settings.displayNameOrder {
        case .givenNameFirst:
            defaultFamilyNameFirst = false
        case .familyNameFirst:
            defaultFamilyNameFirst = true
        case .userDefault:
            let language = UserSettings.split(settings.localeIdentifier).language
            defaultFamilyNameFirst = UserSettings.familyNameFirstLanguages.contains(language)
        }
    }

    /// The formatter for the person running this process, read once.
    ///
    /// Settings changed while the process runs are not seen; formatters built with
    /// `CNContactFormatter(settings:)` are.
    package static let person = NameFormatter(settings: personSettings)

    /// The person's settings as `CNContactsUserDefaults` reads them.
    package static var personSettings: UserSettings {
        let defaults = CNContactsUserDefaults.shared()
        var settings = UserSettings(localeIdentifier: defaults.localeIdentifier)
        settings.displayNameOrder = defaults.displayNameOrder
        return settings
    }

    // MARK: Required keys

    /// The keys `.fullName` reads.
    package static let fullNameKeys: [ContactProperty] = [
        .namePrefix, .givenName, .middleName, .familyName, .nameSuffix, .contactType, .organizationName, .nickname,
    ]

    /// The keys `.phoneticFullName` reads.
    package static let phoneticFullNameKeys: [ContactProperty] = [
        .givenName, .middleName, .familyName, .phoneticGivenName, .phoneticMiddleName, .phoneticFamilyName,
        .phoneticOrganizationName, .contactType,
    ]

    /// The keys name order and delimiter read.
    package static let nameOrderKeys: [ContactProperty] = [.givenName, .middleName, .familyName]

    static let fullNameKeySet = ContactKeySet(fullNameKeys)
    static let phoneticFullNameKeySet = ContactKeySet(phoneticFullNameKeys)
    private static let nameOrderKeySet = ContactKeySet(nameOrderKeys)

    /// The keys a style reads.
    package static func requiredKeys(for style: CNContactFormatterStyle) -> [ContactProperty] {
        style == .phoneticFullName ? phoneticFullNameKeys : fullNameKeys
    }

    /// Stops the process, as a not-fetched property access does, when the contact lacks one of the keys.
    ///
    /// Checking every key up front makes the failure independent of which parts happen to be empty.
    static func requireKeys(_ keys: ContactKeySet, of contact: CNContact) {
        let missing = keys.rawValue & ~contact.storage.fetchedKeys.rawValue
        guard missing != 0 else { return }
        let property = ContactProperty(rawValue: missing.trailingZeroBitCount) ?? .identifier
        propertyNotFetched(property)
    }

    // MARK: Order and delimiter

    /// Whether the contact's name is written family name first: by its script, then the settings.
    package func isFamilyNameFirst(_ script: NameScript) -> Bool {
        script.isFamilyNameFirst || defaultFamilyNameFirst
    }

    /// The resolved display order of a contact's name, never `.userDefault`.
    package func nameOrder(for contact: CNContact) -> CNContactDisplayNameOrder {
        Self.requireKeys(Self.nameOrderKeySet, of: contact)
        let script = NameScript(contact.storage.givenName, contact.storage.middleName, contact.storage.familyName)
        return isFamilyNameFirst(script) ? .familyNameFirst : .givenNameFirst
    }

    /// The text between the parts of a contact's name; "" when it has no given, middle or family name.
    package func delimiter(for contact: CNContact) -> String {
        Self.requireKeys(Self.nameOrderKeySet, of: contact)
        let given = contact.storage.givenName
        let middle = contact.storage.middleName
        let family = contact.storage.familyName
        if given.isEmpty, middle.isEmpty, family.isEmpty { return "" }
        return NameScript(given, middle, family).delimiter
    }
}
