import Foundation

/// The labeled values of a contact, one list per multi-valued property.
///
/// Kept apart from the other fields so a store can hand a contact's lists over undecoded
/// (``DeferredLabeledValues``) and fill them on first access.
package struct LabeledValueLists: @unchecked Sendable {
    // SAFETY: as ContactStorage: the labeled values are immutable and their date components frozen copies.
    // TODO(#2): drop @unchecked when NSDateComponents is Sendable on Linux.

    package var phoneNumbers: [CNLabeledValue<CNPhoneNumber>] = []
    package var emailAddresses: [CNLabeledValue<NSString>] = []
    package var postalAddresses: [CNLabeledValue<CNPostalAddress>] = []
    package var dates: [CNLabeledValue<NSDateComponents>] = []
    package var urlAddresses: [CNLabeledValue<NSString>] = []
    package var contactRelations: [CNLabeledValue<CNContactRelation>] = []
    package var socialProfiles: [CNLabeledValue<CNSocialProfile>] = []
    package var instantMessageAddresses: [CNLabeledValue<CNInstantMessageAddress>] = []

    package init() {}
}
