import Foundation

/// The fields of a contact other than its identifier and fetched keys, which ``ContactStorage`` keeps behind
/// one reference, allocated only when one of them is set.
package struct ContactFields {
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
    /// The birthdays, boxed: `DateComponents?` takes 283 bytes inline, and two of them were more than half
    /// of every contact's fields, copied and cleared with each contact read, even when no date was fetched.
    var storedBirthday: BoxedDateComponents?
    var storedNonGregorianBirthday: BoxedDateComponents?
    package var note = ""
    package var imageData: Data?
    package var thumbnailImageData: Data?
    package var imageDataAvailable = false

    /// The labeled values the storage holds itself: all of them, except the properties in ``deferredKeys``.
    var ownLabeledValues = LabeledValueLists()

    /// The labeled values a store read and left undecoded; nil when every list is in ``ownLabeledValues``.
    var deferredValues: DeferredLabeledValues?

    /// The multi-valued properties read from ``deferredValues``; setting one takes it out.
    var deferredKeys: ContactKeySet = []

    /// The identifiers of the contacts unified into this one, unless the storage says it is only its own.
    var storedLinkedIdentifiers: [String] = []

    init() {}
}

extension ContactFields {
    package var birthday: DateComponents? {
        get { storedBirthday?.components }
        set { storedBirthday = newValue.map(BoxedDateComponents.init) }
    }

    package var nonGregorianBirthday: DateComponents? {
        get { storedNonGregorianBirthday?.components }
        set { storedNonGregorianBirthday = newValue.map(BoxedDateComponents.init) }
    }

    /// Sets a string field; returns false when the property does not hold a string.
    package mutating func setString(_ value: String, of property: ContactProperty) -> Bool {
        switch property {
        case .namePrefix: namePrefix = value
        case .givenName: givenName = value
        case .middleName: middleName = value
        case .familyName: familyName = value
        case .previousFamilyName: previousFamilyName = value
        case .nameSuffix: nameSuffix = value
        case .nickname: nickname = value
        case .phoneticGivenName: phoneticGivenName = value
        case .phoneticMiddleName: phoneticMiddleName = value
        case .phoneticFamilyName: phoneticFamilyName = value
        case .phoneticOrganizationName: phoneticOrganizationName = value
        case .organizationName: organizationName = value
        case .departmentName: departmentName = value
        case .jobTitle: jobTitle = value
        case .note: note = value
        default: return false
        }
        return true
    }
}

/// Date components behind a reference, so an optional one takes a pointer's room in ``ContactFields``.
final class BoxedDateComponents: Sendable {
    let components: DateComponents

    init(_ components: DateComponents) {
        self.components = components
    }
}
