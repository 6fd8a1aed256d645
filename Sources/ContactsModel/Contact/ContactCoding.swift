import Foundation

/// Encodes and decodes contacts for `NSSecureCoding`.
///
/// Labeled values are archived as parallel arrays of identifiers, labels and values rather than as
/// `CNLabeledValue` objects, because Foundation on Linux cannot archive instances of generic classes.
package enum ContactCoding {
    private static let stringClasses: [AnyClass] = [NSString.self]

    package static func encode(_ storage: ContactStorage, to coder: NSCoder) {
        coder.encode(storage.identifier as NSString, forKey: "identifier")
        coder.encode(Int64(bitPattern: storage.fetchedKeys.rawValue), forKey: "fetchedKeys")
        coder.encode(storage.linkedIdentifiers.map { $0 as NSString } as NSArray, forKey: "linkedIdentifiers")
        coder.encode(storage.contactType.rawValue, forKey: "contactType")
        for property in ContactProperty.stringProperties {
            coder.encode((storage.string(of: property) ?? "") as NSString, forKey: property.key)
        }
        encodeDate(storage.birthday, forKey: CNContactBirthdayKey, to: coder)
        encodeDate(storage.nonGregorianBirthday, forKey: CNContactNonGregorianBirthdayKey, to: coder)
        coder.encode(storage.imageData.map { $0 as NSData }, forKey: CNContactImageDataKey)
        coder.encode(storage.thumbnailImageData.map { $0 as NSData }, forKey: CNContactThumbnailImageDataKey)
        coder.encode(storage.imageDataAvailable, forKey: CNContactImageDataAvailableKey)
        encodeLabeled(storage.phoneNumbers, forKey: CNContactPhoneNumbersKey, to: coder)
        encodeLabeled(storage.emailAddresses, forKey: CNContactEmailAddressesKey, to: coder)
        encodeLabeled(storage.postalAddresses, forKey: CNContactPostalAddressesKey, to: coder)
        encodeLabeled(storage.dates, forKey: CNContactDatesKey, to: coder)
        encodeLabeled(storage.urlAddresses, forKey: CNContactUrlAddressesKey, to: coder)
        encodeLabeled(storage.contactRelations, forKey: CNContactRelationsKey, to: coder)
        encodeLabeled(storage.socialProfiles, forKey: CNContactSocialProfilesKey, to: coder)
        encodeLabeled(storage.instantMessageAddresses, forKey: CNContactInstantMessageAddressesKey, to: coder)
    }

    package static func decode(from coder: NSCoder) -> ContactStorage? {
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: "identifier") else { return nil }
        let keys = ContactKeySet(rawValue: UInt64(bitPattern: coder.decodeInt64(forKey: "fetchedKeys")))
        var storage = ContactStorage(identifier: identifier as String, fetchedKeys: keys)
        storage.linkedIdentifiers = decodeStrings(forKey: "linkedIdentifiers", from: coder)
        storage.contactType = CNContactType(rawValue: coder.decodeInteger(forKey: "contactType")) ?? .person
        for property in ContactProperty.stringProperties {
            let value = coder.decodeObject(of: NSString.self, forKey: property.key) as String? ?? ""
            _ = storage.setString(value, of: property)
        }
        storage.birthday = decodeDate(forKey: CNContactBirthdayKey, from: coder)
        storage.nonGregorianBirthday = decodeDate(forKey: CNContactNonGregorianBirthdayKey, from: coder)
        storage.imageData = coder.decodeObject(of: NSData.self, forKey: CNContactImageDataKey) as Data?
        storage.thumbnailImageData =
            coder.decodeObject(of: NSData.self, forKey: CNContactThumbnailImageDataKey) as Data?
        storage.imageDataAvailable = coder.decodeBool(forKey: CNContactImageDataAvailableKey)
        storage.phoneNumbers = decodeLabeled(forKey: CNContactPhoneNumbersKey, from: coder)
        storage.emailAddresses = decodeLabeled(forKey: CNContactEmailAddressesKey, from: coder)
        storage.postalAddresses = decodeLabeled(forKey: CNContactPostalAddressesKey, from: coder)
        storage.dates = decodeLabeled(forKey: CNContactDatesKey, from: coder)
        storage.urlAddresses = decodeLabeled(forKey: CNContactUrlAddressesKey, from: coder)
        storage.contactRelations = decodeLabeled(forKey: CNContactRelationsKey, from: coder)
        storage.socialProfiles = decodeLabeled(forKey: CNContactSocialProfilesKey, from: coder)
        storage.instantMessageAddresses = decodeLabeled(forKey: CNContactInstantMessageAddressesKey, from: coder)
        return storage
    }

    private static func encodeDate(_ date: DateComponents?, forKey key: String, to coder: NSCoder) {
        coder.encode(date.map(DateComponentsCoding.dictionary(from:)), forKey: key)
    }

    private static func decodeDate(forKey key: String, from coder: NSCoder) -> DateComponents? {
        let dictionary = coder.decodeObject(of: [NSDictionary.self, NSString.self, NSNumber.self], forKey: key)
        return (dictionary as? NSDictionary).flatMap(DateComponentsCoding.components(from:))
    }

    private static func encodeLabeled<Value: NSCopying & NSSecureCoding>(
        _ values: [CNLabeledValue<Value>],
        forKey key: String,
        to coder: NSCoder
    ) {
        coder.encode(values.map { $0.identifier as NSString } as NSArray, forKey: key + ".identifiers")
        // A nil label is written as "\u{0}", as archives always had it, and flagged in ".unlabeled", so a
        // label that is "\u{0}" itself reads back as that label.
        coder.encode(values.map { ($0.label ?? "\u{0}") as NSString } as NSArray, forKey: key + ".labels")
        coder.encode(values.map { NSNumber(value: $0.label == nil) } as NSArray, forKey: key + ".unlabeled")
        if Value.self == NSDateComponents.self {
            let dates = values.compactMap {
                ($0.value as? NSDateComponents).map { DateComponentsCoding.dictionary(from: $0 as DateComponents) }
            }
            coder.encode(dates as NSArray, forKey: key + ".values")
        } else {
            coder.encode(values.map(\.value) as NSArray, forKey: key + ".values")
        }
    }

    private static func decodeLabeled<Value: NSCopying & NSSecureCoding>(forKey key: String, from coder: NSCoder)
        -> [CNLabeledValue<Value>]
    {
        let identifiers = decodeStrings(forKey: key + ".identifiers", from: coder)
        let labels = decodeStrings(forKey: key + ".labels", from: coder)
        let values: [Value]
        if Value.self == NSDateComponents.self {
            let dictionaries =
                coder.decodeObject(
                    of: [NSArray.self, NSDictionary.self, NSString.self, NSNumber.self],
                    forKey: key + ".values"
                ) as? [NSDictionary] ?? []
            values = dictionaries.compactMap {
                DateComponentsCoding.components(from: $0).map { $0 as NSDateComponents as? Value } ?? nil
            }
        } else {
            let decoded = coder.decodeObject(
                of: [NSArray.self, NSString.self] + classes(of: Value.self), forKey: key + ".values")
            values = decoded as? [Value] ?? []
        }
        guard identifiers.count == labels.count, labels.count == values.count else { return [] }
        // Archives without the flags (older ones) take "\u{0}" for no label. Asking for a missing key would
        // fail the whole decoding, so its presence is checked first.
        let flagsKey = key + ".unlabeled"
        let flags =
            coder.containsValue(forKey: flagsKey)
            ? coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: flagsKey) as? [NSNumber] : nil
        let unlabeled = flags?.count == labels.count ? flags?.map(\.boolValue) : nil
        return (0..<values.count).map { index in
            let isUnlabeled = unlabeled?[index] ?? (labels[index] == "\u{0}")
            let label = isUnlabeled ? nil : labels[index]
            return CNLabeledValue(identifier: identifiers[index], label: label, value: values[index])
        }
    }

    private static func classes(of type: Any.Type) -> [AnyClass] {
        (type as? AnyClass).map { [$0] } ?? []
    }

    private static func decodeStrings(forKey key: String, from coder: NSCoder) -> [String] {
        let array = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: key) as? [NSString]
        return array?.map { $0 as String } ?? []
    }
}

/// Date components as a dictionary of numbers and a calendar identifier, for archives.
package enum DateComponentsCoding {
    private static let fields: [(String, Calendar.Component)] = [
        ("era", .era), ("year", .year), ("month", .month), ("day", .day), ("hour", .hour),
        ("minute", .minute), ("second", .second), ("nanosecond", .nanosecond), ("weekday", .weekday),
        ("weekdayOrdinal", .weekdayOrdinal), ("quarter", .quarter), ("weekOfMonth", .weekOfMonth),
        ("weekOfYear", .weekOfYear), ("yearForWeekOfYear", .yearForWeekOfYear),
    ]

    package static func dictionary(from components: DateComponents) -> NSDictionary {
        let result = NSMutableDictionary()
        for (name, component) in fields {
            if let value = components.value(for: component), value != NSDateComponentUndefined {
                result[name as NSString] = NSNumber(value: value)
            }
        }
        if let leap = components.isLeapMonth {
            result["isLeapMonth" as NSString] = NSNumber(value: leap)
        }
        if let calendar = components.calendar {
            result["calendar" as NSString] = CalendarIdentifierName.name(of: calendar.identifier) as NSString
        }
        return result
    }

    package static func components(from dictionary: NSDictionary) -> DateComponents? {
        var components = DateComponents()
        for (name, component) in fields {
            if let number = dictionary[name as NSString] as? NSNumber {
                components.setValue(number.intValue, for: component)
            }
        }
        if let leap = dictionary["isLeapMonth" as NSString] as? NSNumber {
            components.isLeapMonth = leap.boolValue
        }
        if let name = dictionary["calendar" as NSString] as? NSString,
            let identifier = CalendarIdentifierName.identifier(named: name as String)
        {
            components.calendar = Calendar(identifier: identifier)
        }
        return components
    }
}
