import ContactsSystem

extension ContactPresenter {
    /// Every field of a contact fetched with ``ContactKeys/detail``, as an aligned block for `show`.
    package func detail(of contact: CNContact) -> String {
        let storage = contact.storage
        var table = TextTable()
        let singles: [(ContactProperty, String)] = [
            (.nickname, storage.nickname), (.organizationName, storage.organizationName),
            (.departmentName, storage.departmentName), (.jobTitle, storage.jobTitle),
            (.phoneticGivenName, storage.phoneticGivenName), (.phoneticFamilyName, storage.phoneticFamilyName),
        ]
        for (property, value) in singles where !value.isEmpty {
            table.append([localization.contactKey(property.key), "", value])
        }
        if let birthday = storage.birthday {
            table.append([localization.contactKey(CNContactBirthdayKey), "", localizedDateText(birthday)])
        }
        let phoneTitle = localization.contactKey(CNContactPhoneNumbersKey)
        for value in storage.phoneNumbers {
            table.append([phoneTitle, label(value.label), value.value.stringValue])
        }
        let emailTitle = localization.contactKey(CNContactEmailAddressesKey)
        for value in storage.emailAddresses {
            table.append([emailTitle, label(value.label), value.value as String])
        }
        let urlTitle = localization.contactKey(CNContactUrlAddressesKey)
        for value in storage.urlAddresses {
            table.append([urlTitle, label(value.label), value.value as String])
        }
        let addressTitle = localization.contactKey(CNContactPostalAddressesKey)
        for value in storage.postalAddresses {
            for (index, line) in addressLines(value.value).enumerated() {
                table.append(index == 0 ? [addressTitle, label(value.label), line] : ["", "", line])
            }
        }
        let dateTitle = localization.contactKey(CNContactDatesKey)
        for value in storage.dates {
            table.append([dateTitle, label(value.label), localizedDateText(value.value as DateComponents)])
        }
        let relationTitle = localization.contactKey(CNContactRelationsKey)
        for value in storage.contactRelations {
            table.append([relationTitle, label(value.label), value.value.name])
        }
        let profileTitle = localization.contactKey(CNContactSocialProfilesKey)
        for value in storage.socialProfiles {
            table.append([profileTitle, localization.socialProfileService(value.value.service), value.value.username])
        }
        let messageTitle = localization.contactKey(CNContactInstantMessageAddressesKey)
        for value in storage.instantMessageAddresses {
            let service = localization.instantMessageService(value.value.service)
            table.append([messageTitle, service, value.value.username])
        }
        for (index, line) in storage.note.split(separator: "\n").enumerated() {
            table.append([index == 0 ? localization.contactKey(CNContactNoteKey) : "", "", String(line)])
        }
        table.append([localization.contactKey(CNContactIdentifierKey), "", contact.identifier])
        return displayName(of: contact) + "\n" + table.rendered.split(separator: "\n").map { "  " + $0 + "\n" }.joined()
    }
}
