import ContactsSystem

/// The keys each kind of output fetches, so a listing never loads notes or images.
package enum ContactKeys {
    /// Keys of a row in a listing: the name, the first phone number and e-mail address.
    package static var row: [any CNKeyDescriptor] {
        [
            CNContactFormatter.descriptorForRequiredKeys(for: .fullName),
            CNContactOrganizationNameKey as NSString,
            CNContactTypeKey as NSString,
            CNContactPhoneNumbersKey as NSString,
            CNContactEmailAddressesKey as NSString,
        ]
    }

    /// Every key but the image ones: what `show`, `--json` and the importer read.
    package static var detail: [any CNKeyDescriptor] {
        ContactProperty.allCases
            .filter { ![.imageData, .thumbnailImageData, .imageDataAvailable].contains($0) }
            .map { $0.key as NSString }
            + [CNContactFormatter.descriptorForRequiredKeys(for: .fullName)]
    }

    /// Keys the vCard writer needs, images included, and the note: the person's tool reads notes, which
    /// apps read only with the notes entitlement.
    package static var vCard: [any CNKeyDescriptor] {
        [CNContactVCardSerialization.descriptorForRequiredKeys(), CNContactNoteKey as NSString]
    }
}
