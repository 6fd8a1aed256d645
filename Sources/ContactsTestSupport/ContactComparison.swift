import ContactsSystem

/// Compares contacts field by field, for tests that check a round trip (vCard, import and export).
package enum ContactComparison {
    /// The keys on which two contacts differ, comparing every modeled field except the identifier and the
    /// properties in `ignored`. Labeled values compare by label and value, not by identifier.
    package static func differences(
        _ left: CNContact, _ right: CNContact, ignoring ignored: Set<ContactProperty> = []
    ) -> [String] {
        let a = left.storage
        let b = right.storage
        var keys: [String] = []
        for property in ContactProperty.allCases where property != .identifier && !ignored.contains(property) {
            let same: Bool
            switch property {
            case .phoneNumbers: same = sameContent(a.phoneNumbers, b.phoneNumbers)
            case .emailAddresses: same = sameContent(a.emailAddresses, b.emailAddresses)
            case .postalAddresses: same = sameContent(a.postalAddresses, b.postalAddresses)
            case .dates: same = sameContent(a.dates, b.dates)
            case .urlAddresses: same = sameContent(a.urlAddresses, b.urlAddresses)
            case .contactRelations: same = sameContent(a.contactRelations, b.contactRelations)
            case .socialProfiles: same = sameContent(a.socialProfiles, b.socialProfiles)
            case .instantMessageAddresses: same = sameContent(a.instantMessageAddresses, b.instantMessageAddresses)
            default: same = ContactStorage.isEqual(a.value(of: property), b.value(of: property))
            }
            if !same { keys.append(property.key) }
        }
        return keys
    }

    private static func sameContent<Value>(_ left: [CNLabeledValue<Value>], _ right: [CNLabeledValue<Value>]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { $0.hasSameContent(as: $1) }
    }
}
