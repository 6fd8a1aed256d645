import ContactsModel
import Foundation

/// One contact's labeled values as read from its reply's bytes (``ContactReplyFrame/decode(_:)``), as texts:
/// the values are built on first access, as those of a decoded message (`MessageLabeledValues`).
struct WireLabeledTexts: LabeledValueSource {
    /// One list per property of ``ContactProperty/multiValueProperties``, in that order, each with one count.
    let lists: [LabeledValueTexts]

    private func texts(of property: ContactProperty) -> LabeledValueTexts? {
        ContactProperty.multiValueProperties.firstIndex(of: property).map { lists[$0] }
    }

    func decode(_ property: ContactProperty, into lists: inout LabeledValueLists) {
        // Dates are decoded with the reply (a malformed one is an error of the message), never deferred here.
        guard property != .dates, let texts = texts(of: property) else { return }
        let width = LabeledValueTexts.width(of: property)
        for index in texts.identifiers.indices {
            let identifier = texts.identifiers[index]
            let label = texts.labelPresent[index] ? texts.labels[index] : nil
            func string(_ part: Int) -> String { texts.values[index * width + part] }
            func labeled<Value>(_ value: Value) -> CNLabeledValue<Value> {
                CNLabeledValue(identifier: identifier, label: label, ownedValue: value)
            }
            switch property {
            case .phoneNumbers: lists.phoneNumbers.append(labeled(CNPhoneNumber(stringValue: string(0))))
            case .emailAddresses: lists.emailAddresses.append(labeled(NSString(string: string(0))))
            case .urlAddresses: lists.urlAddresses.append(labeled(NSString(string: string(0))))
            case .contactRelations: lists.contactRelations.append(labeled(CNContactRelation(name: string(0))))
            case .postalAddresses:
                var fields = CNPostalAddress.Fields()
                fields.street = string(0)
                fields.subLocality = string(1)
                fields.city = string(2)
                fields.subAdministrativeArea = string(3)
                fields.state = string(4)
                fields.postalCode = string(5)
                fields.country = string(6)
                fields.isoCountryCode = string(7)
                lists.postalAddresses.append(labeled(CNPostalAddress(fields: fields)))
            case .socialProfiles:
                let profile = CNSocialProfile(
                    urlString: string(0), username: string(1), userIdentifier: string(2), service: string(3))
                lists.socialProfiles.append(labeled(profile))
            case .instantMessageAddresses:
                lists.instantMessageAddresses.append(
                    labeled(CNInstantMessageAddress(username: string(0), service: string(1))))
            default: break
            }
        }
    }

    func appendTexts(of property: ContactProperty, to texts: inout LabeledValueTexts) -> Bool {
        guard property != .dates, let own = self.texts(of: property) else { return false }
        texts.identifiers.append(contentsOf: own.identifiers)
        texts.labelPresent.append(contentsOf: own.labelPresent)
        texts.labels.append(contentsOf: own.labels)
        texts.values.append(contentsOf: own.values)
        texts.counts.append(UInt32(own.identifiers.count))
        return true
    }
}
