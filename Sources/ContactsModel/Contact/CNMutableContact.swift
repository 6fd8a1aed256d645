import Foundation

/// A contact that can be changed before it is saved with a `CNSaveRequest`.
///
/// Not thread-safe. `CNMutableContact()` creates a new contact that holds every key; a mutable copy of a
/// fetched contact holds the same keys as the original, and setting a property that was not fetched stops
/// the process as reading it does. To remove a value, set a string or array to empty and an optional to nil.
///
/// ```swift
/// let contact = CNMutableContact()
/// contact.givenName = "John"
/// contact.familyName = "Appleseed"
/// contact.emailAddresses = [CNLabeledValue(label: CNLabelHome, value: "john@example.com" as NSString)]
/// ```
///
/// Parity: full.
open class CNMutableContact: CNContact, @unchecked Sendable {
    // SAFETY: not thread-safe by contract, as on Apple platforms; the conformance is inherited.

    /// Creates an empty contact with a new identifier that holds every key.
    public override init() {
        super.init()
    }

    package override init(storage: ContactStorage) {
        super.init(storage: storage)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override var contactType: CNContactType {
        get { super.contactType }
        set {
            storage.require(.contactType)
            storage.contactType = newValue
        }
    }

    open override var namePrefix: String {
        get { super.namePrefix }
        set {
            storage.require(.namePrefix)
            storage.namePrefix = newValue
        }
    }

    open override var givenName: String {
        get { super.givenName }
        set {
            storage.require(.givenName)
            storage.givenName = newValue
        }
    }

    open override var middleName: String {
        get { super.middleName }
        set {
            storage.require(.middleName)
            storage.middleName = newValue
        }
    }

    open override var familyName: String {
        get { super.familyName }
        set {
            storage.require(.familyName)
            storage.familyName = newValue
        }
    }

    open override var previousFamilyName: String {
        get { super.previousFamilyName }
        set {
            storage.require(.previousFamilyName)
            storage.previousFamilyName = newValue
        }
    }

    open override var nameSuffix: String {
        get { super.nameSuffix }
        set {
            storage.require(.nameSuffix)
            storage.nameSuffix = newValue
        }
    }

    open override var nickname: String {
        get { super.nickname }
        set {
            storage.require(.nickname)
            storage.nickname = newValue
        }
    }

    open override var phoneticGivenName: String {
        get { super.phoneticGivenName }
        set {
            storage.require(.phoneticGivenName)
            storage.phoneticGivenName = newValue
        }
    }

    open override var phoneticMiddleName: String {
        get { super.phoneticMiddleName }
        set {
            storage.require(.phoneticMiddleName)
            storage.phoneticMiddleName = newValue
        }
    }

    open override var phoneticFamilyName: String {
        get { super.phoneticFamilyName }
        set {
            storage.require(.phoneticFamilyName)
            storage.phoneticFamilyName = newValue
        }
    }

    open override var phoneticOrganizationName: String {
        get { super.phoneticOrganizationName }
        set {
            storage.require(.phoneticOrganizationName)
            storage.phoneticOrganizationName = newValue
        }
    }

    open override var organizationName: String {
        get { super.organizationName }
        set {
            storage.require(.organizationName)
            storage.organizationName = newValue
        }
    }

    open override var departmentName: String {
        get { super.departmentName }
        set {
            storage.require(.departmentName)
            storage.departmentName = newValue
        }
    }

    open override var jobTitle: String {
        get { super.jobTitle }
        set {
            storage.require(.jobTitle)
            storage.jobTitle = newValue
        }
    }

    open override var birthday: DateComponents? {
        get { super.birthday }
        set {
            storage.require(.birthday)
            storage.birthday = DateNormalization.normalized(newValue)
        }
    }

    open override var nonGregorianBirthday: DateComponents? {
        get { super.nonGregorianBirthday }
        set {
            storage.require(.nonGregorianBirthday)
            storage.nonGregorianBirthday = DateNormalization.normalized(newValue)
        }
    }

    open override var note: String {
        get { super.note }
        set {
            storage.require(.note)
            storage.note = newValue
        }
    }

    open override var imageData: Data? {
        get { super.imageData }
        set {
            storage.require(.imageData)
            storage.imageData = newValue
        }
    }

    open override var phoneNumbers: [CNLabeledValue<CNPhoneNumber>] {
        get { super.phoneNumbers }
        set {
            storage.require(.phoneNumbers)
            storage.phoneNumbers = newValue
        }
    }

    open override var emailAddresses: [CNLabeledValue<NSString>] {
        get { super.emailAddresses }
        set {
            storage.require(.emailAddresses)
            storage.emailAddresses = newValue
        }
    }

    open override var postalAddresses: [CNLabeledValue<CNPostalAddress>] {
        get { super.postalAddresses }
        set {
            storage.require(.postalAddresses)
            storage.postalAddresses = newValue
        }
    }

    open override var dates: [CNLabeledValue<NSDateComponents>] {
        get { super.dates }
        set {
            storage.require(.dates)
            storage.dates = newValue
        }
    }

    open override var urlAddresses: [CNLabeledValue<NSString>] {
        get { super.urlAddresses }
        set {
            storage.require(.urlAddresses)
            storage.urlAddresses = newValue
        }
    }

    open override var contactRelations: [CNLabeledValue<CNContactRelation>] {
        get { super.contactRelations }
        set {
            storage.require(.contactRelations)
            storage.contactRelations = newValue
        }
    }

    open override var socialProfiles: [CNLabeledValue<CNSocialProfile>] {
        get { super.socialProfiles }
        set {
            storage.require(.socialProfiles)
            storage.socialProfiles = newValue
        }
    }

    open override var instantMessageAddresses: [CNLabeledValue<CNInstantMessageAddress>] {
        get { super.instantMessageAddresses }
        set {
            storage.require(.instantMessageAddresses)
            storage.instantMessageAddresses = newValue
        }
    }
}
