import ContactsModel
import Foundation

extension ContactStorage {
    /// The contact a message describes, holding the keys the message names and reading only their fields.
    ///
    /// The identifier key is always held, whether or not the message names it. Fields of keys the message
    /// does not name are ignored, even when set.
    ///
    /// ```swift
    /// let contacts = try batch.contacts.map { CNContact(storage: try ContactStorage(wire: $0)) }
    /// ```
    ///
    /// - Parameter message: A contact message.
    /// - Throws: `WireError.unknownKey` when `keys` holds a string that is not a CNContact key name;
    ///   `malformedMessage` for a contact type out of range or a date the protocol cannot describe.
    package init(wire message: Contacts_V1_Contact) throws(WireError) {
        try self.init(wire: message, holding: try Self.keySet(message.keys, field: "Contact.keys"))
    }

    /// The contact a message describes, holding `keys` whatever the message's own `keys` say: the form of a
    /// compact batch, which names its keys once for all its contacts (docs/Protocol.md, "Compact batches").
    ///
    /// - Parameters:
    ///   - message: A contact message.
    ///   - keys: The keys the contact holds; the identifier is added.
    /// - Throws: `malformedMessage` for a contact type out of range or a date the protocol cannot describe.
    package init(wire message: Contacts_V1_Contact, holding keys: ContactKeySet) throws(WireError) {
        self.init(identifier: message.identifier, fetchedKeys: keys.union(.identifierOnly))
        linkedIdentifiers = message.linkedIdentifiers
        // Labeled values are decoded on first access, as the embedded store's are (DeferredLabeledValues): a
        // caller that reads only names builds none. Dates are decoded now, since one the protocol cannot
        // describe is an error of the message.
        let deferred = keys.intersection(.multiValued).subtracting(ContactKeySet(.dates))
        for property in keys.properties where !deferred.contains(property) {
            try read(property, from: message)
        }
        if !deferred.isEmpty {
            deferLabeledValues(deferred, to: DeferredLabeledValues(source: MessageLabeledValues(message: message)))
        }
    }

    /// The key set of a list of key names; `field` names the list in the error.
    ///
    /// - Throws: `WireError.unknownKey` when a string is not a CNContact key name.
    package static func keySet(_ names: [String], field: String) throws(WireError) -> ContactKeySet {
        var keys = ContactKeySet.identifierOnly
        for (index, key) in names.enumerated() {
            // The string is not quoted: a peer's unknown key may be anything, contact data included.
            guard let property = ContactProperty(key: key) else {
                throw WireError(.unknownKey, "\(field)[\(index)] is not a contact key name")
            }
            keys.insert(ContactKeySet(property))
        }
        return keys
    }

    /// Reads one property's value from a message.
    private mutating func read(_ property: ContactProperty, from message: Contacts_V1_Contact) throws(WireError) {
        switch property {
        case .identifier: break
        case .contactType:
            guard let type = CNContactType(rawValue: Int(message.contactType)) else {
                throw WireError(.malformedMessage, "Contact.contact_type \(message.contactType) is out of range")
            }
            contactType = type
        case .birthday:
            birthday = message.hasBirthday ? try DateComponents(wire: message.birthday) : nil
        case .nonGregorianBirthday:
            nonGregorianBirthday =
                message.hasNonGregorianBirthday ? try DateComponents(wire: message.nonGregorianBirthday) : nil
        case .imageData:
            imageData = message.hasImageData_p ? message.imageData : nil
        case .thumbnailImageData:
            thumbnailImageData = message.hasThumbnailImageData_p ? message.thumbnailImageData : nil
        case .imageDataAvailable:
            imageDataAvailable = message.imageDataAvailable
        default:
            if let string = message.string(of: property) {
                _ = setString(string, of: property)
            } else {
                try readMultiValue(property, from: message)
            }
        }
    }

    /// Reads one labeled multi-value property from a message: the dates (the others are deferred).
    private mutating func readMultiValue(
        _ property: ContactProperty,
        from message: Contacts_V1_Contact
    ) throws(WireError) {
        guard property == .dates else { return }
        dates = try Contacts_V1_LabeledDate.labeledValues(message.dates, isFresh: false) {
            (labeled) throws(WireError) in
            try DateComponents(wire: labeled.value) as NSDateComponents
        }
    }
}

/// A contact message's labeled values, which its contact decodes per property on first access.
struct MessageLabeledValues: LabeledValueSource {
    let message: Contacts_V1_Contact

    func decode(_ property: ContactProperty, into lists: inout LabeledValueLists) {
        // None of these throws: only a date can be malformed, and dates are read with the message.
        switch property {
        case .phoneNumbers:
            lists.phoneNumbers = Contacts_V1_LabeledString.freshLabeledValues(message.phoneNumbers) {
                CNPhoneNumber(stringValue: $0.value)
            }
        case .emailAddresses:
            lists.emailAddresses = Contacts_V1_LabeledString.freshLabeledValues(message.emailAddresses) {
                NSString(string: $0.value)
            }
        case .postalAddresses:
            lists.postalAddresses = Contacts_V1_LabeledPostalAddress.freshLabeledValues(message.postalAddresses) {
                CNPostalAddress(fields: CNPostalAddress.Fields(wire: $0.value))
            }
        case .urlAddresses:
            lists.urlAddresses = Contacts_V1_LabeledString.freshLabeledValues(message.urlAddresses) {
                NSString(string: $0.value)
            }
        case .contactRelations:
            lists.contactRelations = Contacts_V1_LabeledRelation.freshLabeledValues(message.contactRelations) {
                CNContactRelation(name: $0.name)
            }
        case .socialProfiles:
            lists.socialProfiles = Contacts_V1_LabeledSocialProfile.freshLabeledValues(message.socialProfiles) {
                CNSocialProfile(
                    urlString: $0.value.urlString, username: $0.value.username,
                    userIdentifier: $0.value.userIdentifier, service: $0.value.service
                )
            }
        case .instantMessageAddresses:
            lists.instantMessageAddresses = Contacts_V1_LabeledInstantMessage.freshLabeledValues(
                message.instantMessageAddresses
            ) {
                CNInstantMessageAddress(username: $0.value.username, service: $0.value.service)
            }
        default: break
        }
    }
}

extension Contacts_V1_Contact {
    /// The value of a string property, or nil for the other properties.
    fileprivate func string(of property: ContactProperty) -> String? {
        switch property {
        case .namePrefix: namePrefix
        case .givenName: givenName
        case .middleName: middleName
        case .familyName: familyName
        case .previousFamilyName: previousFamilyName
        case .nameSuffix: nameSuffix
        case .nickname: nickname
        case .phoneticGivenName: phoneticGivenName
        case .phoneticMiddleName: phoneticMiddleName
        case .phoneticFamilyName: phoneticFamilyName
        case .phoneticOrganizationName: phoneticOrganizationName
        case .organizationName: organizationName
        case .departmentName: departmentName
        case .jobTitle: jobTitle
        case .note: note
        default: nil
        }
    }
}
