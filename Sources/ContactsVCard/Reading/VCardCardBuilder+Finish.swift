import ContactsModel
import Foundation

extension VCardCardBuilder {
    /// Ends the card: resolves labels and companions, the formatted name and the notes.
    mutating func finish(identifiers: inout VCardIdentifierGenerator) -> VCardCard {
        storage.identifier = identifiers.next(suffix: ":ABPerson")
        let countryCodes = countryCodes
        let subLocalities = subLocalities
        let subAdministrativeAreas = subAdministrativeAreas
        storage.phoneNumbers = resolve(phones, &identifiers) { CNPhoneNumber(stringValue: $0) }
        storage.emailAddresses = resolve(emails, &identifiers) { $0 as NSString }
        storage.urlAddresses = resolve(urls, &identifiers) { $0 as NSString }
        storage.postalAddresses = resolve(addresses, &identifiers) { fields, group in
            var fields = fields
            if let group {
                fields.isoCountryCode = countryCodes.isEmpty ? "" : countryCodes[group] ?? ""
                fields.subLocality = subLocalities.isEmpty ? "" : subLocalities[group] ?? ""
                fields.subAdministrativeArea = subAdministrativeAreas.isEmpty ? "" : subAdministrativeAreas[group] ?? ""
            }
            return CNPostalAddress(fields: fields)
        }
        storage.dates = resolve(dates, &identifiers) { $0.nsDateComponents }
        storage.contactRelations = resolve(relations, &identifiers) { CNContactRelation(name: $0) }
        storage.socialProfiles = resolve(socialProfiles, &identifiers) { $0 }
        storage.instantMessageAddresses = resolve(instantMessages, &identifiers) { $0 }
        storage.note = notes.count == 1 ? notes[0] : notes.joined(separator: "\n")
        if kind == .organization { storage.contactType = .organization }
        if hasFormattedNameBytes {
            // What `text(_:_:)` gives for a line without transfer encoding or character set.
            let value = formattedNameBytes[...]
            if kind == .group || !hasSeen(.name) || storage.givenName.isEmpty && storage.familyName.isEmpty {
                formattedName =
                    VCardValueDecoding.plainText(value)
                    ?? VCardValueDecoding.unescape(VCardValueDecoding.utf8Bytes(value, charset: nil))
            }
        }
        var groupName: String?
        if kind == .group {
            groupName = formattedName ?? structuredGroupName()
        } else {
            applyFormattedName()
        }
        var kept: [VCardUnknownProperty] = []
        for entry in unknown where !(entry.isCompanion && entry.property.group.map(isUsedGroup) == true) {
            if kept.isEmpty { kept.reserveCapacity(unknown.count) }
            kept.append(entry.property)
        }
        // Move the fields out rather than copy them: the builder is thrown away next.
        // The fresh storage left behind is the next card's (see `reset(lineNumber:)`).
        var fields = ContactStorage(identifier: "", fetchedKeys: .all)
        swap(&fields, &storage)
        return VCardCard(
            contact: CNMutableContact(storage: fields),
            unknownProperties: kept,
            kind: kind,
            uid: uid,
            memberUIDs: memberUIDs,
            categories: categories,
            groupName: groupName,
            version: version,
            lineNumber: lineNumber
        )
    }

    /// Whether a labeled value is in a group, whose companions it therefore consumes.
    ///
    /// A scan rather than a set: a card has a handful of values and fewer companions.
    private func isUsedGroup(_ group: String) -> Bool {
        phones.contains { $0.group == group } || emails.contains { $0.group == group }
            || urls.contains { $0.group == group } || addresses.contains { $0.group == group }
            || dates.contains { $0.group == group } || relations.contains { $0.group == group }
            || socialProfiles.contains { $0.group == group } || instantMessages.contains { $0.group == group }
    }

    /// A group card's name from its `N`: the non-empty components, space-separated; nil without `N`.
    private func structuredGroupName() -> String? {
        guard hasSeen(.name) else { return nil }
        let components =
            [
                storage.familyName, storage.givenName, storage.middleName, storage.namePrefix, storage.nameSuffix,
            ] + extraNameComponents
        return components.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A card with a formatted name but no structured name: the formatted name becomes the given name,
    /// unless it only repeats the organization or the nickname, as a writer's fallback would.
    private mutating func applyFormattedName() {
        guard let formattedName, !formattedName.trimmingSpaces().isEmpty else { return }
        let nameParts = [
            storage.namePrefix, storage.givenName, storage.middleName, storage.familyName, storage.nameSuffix,
        ]
        guard nameParts.allSatisfy(\.isEmpty) else { return }
        for fallback in [storage.organizationName, storage.nickname]
        where formattedName == fallback || formattedName.trimmingSpaces() == fallback.trimmingSpaces() {
            return
        }
        storage.givenName = formattedName.trimmingSpaces()
    }

    /// Turns pending values into labeled values; an `X-ABLabel` in the value's group wins over its types.
    private func resolve<Value, Result: NSCopying & NSSecureCoding>(
        _ pending: [Pending<Value>], _ identifiers: inout VCardIdentifierGenerator, _ make: (Value, String?) -> Result
    ) -> [CNLabeledValue<Result>] {
        guard !pending.isEmpty else { return [] }
        var result: [CNLabeledValue<Result>] = []
        result.reserveCapacity(pending.count)
        for item in pending {
            var label = item.label
            if let group = item.group, !labels.isEmpty, let groupLabel = labels[group] {
                label = groupLabel
            }
            let value = make(item.value, item.group)
            // Values made here are fresh immutable instances (date components excepted, which need the
            // model's normalization), so the model's defensive copy is skipped. The identifier stays bits until
            // it is read: most contacts read from a file are freed or saved without it being asked for
            // (callgrind, 1,000 realistic cards: ~540 instructions a labeled value, plus its free).
            if Result.self == NSDateComponents.self {
                result.append(CNLabeledValue(identifier: identifiers.next(), label: label, value: value))
            } else {
                let bits = identifiers.nextBits()
                result.append(CNLabeledValue(identifierHigh: bits.high, low: bits.low, label: label, ownedValue: value))
            }
        }
        return result
    }

    private func resolve<Value, Result: NSCopying & NSSecureCoding>(
        _ pending: [Pending<Value>], _ identifiers: inout VCardIdentifierGenerator, _ make: (Value) -> Result
    ) -> [CNLabeledValue<Result>] {
        resolve(pending, &identifiers) { value, _ in make(value) }
    }
}
