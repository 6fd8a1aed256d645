import Foundation

/// The fields of a contact other than its identifier and fetched keys, which ``ContactStorage`` keeps behind
/// one reference, allocated only when one of them is set.
package struct ContactFields {
    var contactType: CNContactType = .person
    var namePrefix = ""
    var givenName = ""
    var middleName = ""
    var familyName = ""
    var previousFamilyName = ""
    var nameSuffix = ""
    var nickname = ""
    var phoneticGivenName = ""
    var phoneticMiddleName = ""
    var phoneticFamilyName = ""
    var phoneticOrganizationName = ""
    var organizationName = ""
    var departmentName = ""
    var jobTitle = ""
    /// The birthdays, boxed: `DateComponents?` takes 283 bytes inline, and two of them were more than half
    /// of every contact's fields, copied and cleared with each contact read, even when no date was fetched.
    var storedBirthday: BoxedDateComponents?
    var storedNonGregorianBirthday: BoxedDateComponents?
    var note = ""
    var imageData: Data?
    var thumbnailImageData: Data?
    var imageDataAvailable = false

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

/// Date components behind a reference, so an optional one takes a pointer's room in ``ContactFields``.
final class BoxedDateComponents: Sendable {
    let components: DateComponents

    init(_ components: DateComponents) {
        self.components = components
    }
}
