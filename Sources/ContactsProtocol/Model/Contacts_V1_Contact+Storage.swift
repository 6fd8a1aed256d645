import ContactsModel
import Foundation

extension Contacts_V1_Contact {
    /// The message for a contact: its identifier, its fetched keys, and the fields of those keys only.
    ///
    /// Fields of keys the contact does not hold stay at their defaults and are not read back, so a partial
    /// contact never sends what it was not fetched with. Labeled values keep their identifiers and labels;
    /// a nil image is told from an empty one by `has_image_data`.
    ///
    /// ```swift
    /// var batch = Contacts_V1_ContactBatch()
    /// batch.contacts = fetched.map { Contacts_V1_Contact($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - storage: The contact's storage, as the store filled it or an app edited it.
    ///   - listingKeys: Whether the message names its keys; false in a compact batch, which names them once.
    package init(_ storage: ContactStorage, listingKeys: Bool = true) {
        self.init()
        let keys = storage.fetchedKeys
        identifier = storage.identifier
        if listingKeys { self.keys = keys.keys }
        linkedIdentifiers = storage.linkedIdentifiers
        for property in keys.properties {
            set(property, from: storage)
        }
    }

    /// Copies one property's value from storage.
    private mutating func set(_ property: ContactProperty, from storage: ContactStorage) {
        switch property {
        case .identifier: break
        case .contactType: contactType = Int32(storage.contactType.rawValue)
        case .namePrefix: namePrefix = storage.namePrefix
        case .givenName: givenName = storage.givenName
        case .middleName: middleName = storage.middleName
        case .familyName: familyName = storage.familyName
        case .previousFamilyName: previousFamilyName = storage.previousFamilyName
        case .nameSuffix: nameSuffix = storage.nameSuffix
        case .nickname: nickname = storage.nickname
        case .phoneticGivenName: phoneticGivenName = storage.phoneticGivenName
        case .phoneticMiddleName: phoneticMiddleName = storage.phoneticMiddleName
        case .phoneticFamilyName: phoneticFamilyName = storage.phoneticFamilyName
        case .phoneticOrganizationName: phoneticOrganizationName = storage.phoneticOrganizationName
        case .organizationName: organizationName = storage.organizationName
        case .departmentName: departmentName = storage.departmentName
        case .jobTitle: jobTitle = storage.jobTitle
        case .birthday:
            if let date = storage.birthday { birthday = Contacts_V1_DateComponents(date) }
        case .nonGregorianBirthday:
            if let date = storage.nonGregorianBirthday { nonGregorianBirthday = Contacts_V1_DateComponents(date) }
        case .note: note = storage.note
        case .imageData:
            hasImageData_p = storage.imageData != nil
            imageData = storage.imageData ?? Data()
        case .thumbnailImageData:
            hasThumbnailImageData_p = storage.thumbnailImageData != nil
            thumbnailImageData = storage.thumbnailImageData ?? Data()
        case .imageDataAvailable: imageDataAvailable = storage.imageDataAvailable
        default: setMultiValue(property, from: storage)
        }
    }

    /// Copies one labeled multi-value property from storage.
    private mutating func setMultiValue(_ property: ContactProperty, from storage: ContactStorage) {
        // The store's text as it read it, when the contact kept it undecoded: no labeled value built only to
        // read its strings back (docs/Daemon.md, "Performance").
        var texts = LabeledValueTexts()
        if storage.appendStoredTexts(of: property, to: &texts) {
            setMultiValue(property, from: texts)
            return
        }
        switch property {
        case .phoneNumbers:
            phoneNumbers = Contacts_V1_LabeledString.messages(storage.phoneNumbers) { $1.value = $0.stringValue }
        case .emailAddresses:
            emailAddresses = Contacts_V1_LabeledString.messages(storage.emailAddresses) { $1.value = $0 as String }
        case .postalAddresses:
            postalAddresses = Contacts_V1_LabeledPostalAddress.messages(storage.postalAddresses) {
                $1.value = Contacts_V1_PostalAddress($0.fields)
            }
        case .dates:
            dates = Contacts_V1_LabeledDate.messages(storage.dates) {
                $1.value = Contacts_V1_DateComponents($0 as DateComponents)
            }
        case .urlAddresses:
            urlAddresses = Contacts_V1_LabeledString.messages(storage.urlAddresses) { $1.value = $0 as String }
        case .contactRelations:
            contactRelations = Contacts_V1_LabeledRelation.messages(storage.contactRelations) { $1.name = $0.name }
        case .socialProfiles:
            socialProfiles = Contacts_V1_LabeledSocialProfile.messages(storage.socialProfiles) { profile, message in
                message.value.urlString = profile.urlString
                message.value.username = profile.username
                message.value.userIdentifier = profile.userIdentifier
                message.value.service = profile.service
            }
        case .instantMessageAddresses:
            instantMessageAddresses = Contacts_V1_LabeledInstantMessage.messages(storage.instantMessageAddresses) {
                address, message in
                message.value.username = address.username
                message.value.service = address.service
            }
        default: break
        }
    }

    /// Copies one labeled multi-value property from its values' texts (``LabeledValueTexts``, one contact's).
    private mutating func setMultiValue(_ property: ContactProperty, from texts: LabeledValueTexts) {
        let width = LabeledValueTexts.width(of: property)
        switch property {
        case .phoneNumbers:
            phoneNumbers = Contacts_V1_LabeledString.messages(texts, width: width) { $1.value = $0[$0.startIndex] }
        case .emailAddresses:
            emailAddresses = Contacts_V1_LabeledString.messages(texts, width: width) { $1.value = $0[$0.startIndex] }
        case .urlAddresses:
            urlAddresses = Contacts_V1_LabeledString.messages(texts, width: width) { $1.value = $0[$0.startIndex] }
        case .contactRelations:
            contactRelations = Contacts_V1_LabeledRelation.messages(texts, width: width) { $1.name = $0[$0.startIndex] }
        case .postalAddresses:
            postalAddresses = Contacts_V1_LabeledPostalAddress.messages(texts, width: width) { strings, message in
                let first = strings.startIndex
                message.value.street = strings[first]
                message.value.subLocality = strings[first + 1]
                message.value.city = strings[first + 2]
                message.value.subAdministrativeArea = strings[first + 3]
                message.value.state = strings[first + 4]
                message.value.postalCode = strings[first + 5]
                message.value.country = strings[first + 6]
                message.value.isoCountryCode = strings[first + 7]
            }
        case .socialProfiles:
            socialProfiles = Contacts_V1_LabeledSocialProfile.messages(texts, width: width) { strings, message in
                let first = strings.startIndex
                message.value.urlString = strings[first]
                message.value.username = strings[first + 1]
                message.value.userIdentifier = strings[first + 2]
                message.value.service = strings[first + 3]
            }
        case .instantMessageAddresses:
            instantMessageAddresses = Contacts_V1_LabeledInstantMessage.messages(texts, width: width) {
                strings, message in
                message.value.username = strings[strings.startIndex]
                message.value.service = strings[strings.startIndex + 1]
            }
        default: break
        }
    }
}
