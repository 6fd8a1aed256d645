import ContactsModel
import Foundation

extension LabeledValueLists {
    /// Appends one labeled value of `property` built from its texts as the wire carries them
    /// (`LabeledValueTexts`: a property's parts in the order of ``LabeledValueTexts/width(of:)``).
    ///
    /// One place for both readers of those texts, a column batch's (`ColumnLabeledValues`) and a hand-read
    /// contact reply's (``WireLabeledTexts``). Dates are not texts on the wire: the caller appends them.
    ///
    /// - Parameter part: The value's text at a part's position.
    mutating func appendFromWire(
        _ property: ContactProperty, identifier: String, label: String?, part: (Int) -> String
    ) {
        func labeled<Value>(_ value: Value) -> CNLabeledValue<Value> {
            CNLabeledValue(identifier: identifier, label: label, ownedValue: value)
        }
        switch property {
        case .phoneNumbers: phoneNumbers.append(labeled(CNPhoneNumber(stringValue: part(0))))
        case .emailAddresses: emailAddresses.append(labeled(NSString(string: part(0))))
        case .urlAddresses: urlAddresses.append(labeled(NSString(string: part(0))))
        case .contactRelations: contactRelations.append(labeled(CNContactRelation(name: part(0))))
        case .postalAddresses:
            var fields = CNPostalAddress.Fields()
            fields.street = part(0)
            fields.subLocality = part(1)
            fields.city = part(2)
            fields.subAdministrativeArea = part(3)
            fields.state = part(4)
            fields.postalCode = part(5)
            fields.country = part(6)
            fields.isoCountryCode = part(7)
            postalAddresses.append(labeled(CNPostalAddress(fields: fields)))
        case .socialProfiles:
            let profile = CNSocialProfile(
                urlString: part(0), username: part(1), userIdentifier: part(2), service: part(3))
            socialProfiles.append(labeled(profile))
        case .instantMessageAddresses:
            instantMessageAddresses.append(labeled(CNInstantMessageAddress(username: part(0), service: part(1))))
        default: break
        }
    }
}
