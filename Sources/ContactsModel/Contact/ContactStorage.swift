import Foundation

/// The fields of a contact in one value, so copying a contact copies a struct.
///
/// The store builds partial contacts by filling the fields it fetched and setting ``fetchedKeys``.
package struct ContactStorage: @unchecked Sendable {
    // SAFETY: the labeled values and date components inside are immutable copies; the struct is mutated
    // only through CNMutableContact, which is not thread-safe by contract. TODO(#2): drop @unchecked when
    // NSDateComponents is Sendable on Linux.

    package var identifier: String
    package var fetchedKeys: ContactKeySet
    package var contactType: CNContactType = .person
    package var namePrefix = ""
    package var givenName = ""
    package var middleName = ""
    package var familyName = ""
    package var previousFamilyName = ""
    package var nameSuffix = ""
    package var nickname = ""
    package var phoneticGivenName = ""
    package var phoneticMiddleName = ""
    package var phoneticFamilyName = ""
    package var phoneticOrganizationName = ""
    package var organizationName = ""
    package var departmentName = ""
    package var jobTitle = ""
    package var birthday: DateComponents?
    package var nonGregorianBirthday: DateComponents?
    package var note = ""
    package var imageData: Data?
    package var thumbnailImageData: Data?
    package var imageDataAvailable = false
    package var phoneNumbers: [CNLabeledValue<CNPhoneNumber>] = []
    package var emailAddresses: [CNLabeledValue<NSString>] = []
    package var postalAddresses: [CNLabeledValue<CNPostalAddress>] = []
    package var dates: [CNLabeledValue<NSDateComponents>] = []
    package var urlAddresses: [CNLabeledValue<NSString>] = []
    package var contactRelations: [CNLabeledValue<CNContactRelation>] = []
    package var socialProfiles: [CNLabeledValue<CNSocialProfile>] = []
    package var instantMessageAddresses: [CNLabeledValue<CNInstantMessageAddress>] = []

    /// The identifiers of the contacts unified into this one, its own included; empty when the contact
    /// was not fetched unified.
    package var linkedIdentifiers: [String] = []

    /// Creates storage with empty fields.
    ///
    /// - Parameters:
    ///   - identifier: The contact's identifier.
    ///   - fetchedKeys: The keys the contact holds; the identifier is always added.
    package init(identifier: String, fetchedKeys: ContactKeySet) {
        self.identifier = identifier
        self.fetchedKeys = fetchedKeys.union(.identifierOnly)
    }

    /// A new identifier in the form Apple's desktop store uses.
    package static func newIdentifier() -> String {
        LocalUUID.string() + ":ABPerson"
    }
}

extension ContactStorage {
    /// Stops the process when a property was not fetched, as Apple platforms raise
    /// `CNPropertyNotFetchedException`.
    ///
    /// This is a programmer error, not a recoverable condition: the message names the key, never a value.
    @inline(__always)
    package func require(_ property: ContactProperty) {
        if !fetchedKeys.contains(property) {
            propertyNotFetched(property)
        }
    }
}

/// Stops the process for a property that was not fetched.
package func propertyNotFetched(_ property: ContactProperty) -> Never {
    fatalError(
        "\(CNContactPropertyNotFetchedExceptionName): A property was not requested when contact was fetched: "
            + property.key
    )
}
