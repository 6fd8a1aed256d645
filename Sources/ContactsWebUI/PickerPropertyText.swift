import ContactsSystem
import Foundation

/// A contact's properties as the property picker lists them: each labeled value (or single value) with its
/// localized label and a line of text.
struct PickerPropertyText {
    /// One property the person may pick.
    struct Entry {
        var key: String
        var valueIdentifier: String?
        var label: String
        var text: String
    }

    private let localization: Localization

    init(language: String) {
        localization = Localization(language: language)
    }

    /// Whether the picker lists a key's values: text the person can read, not images or flags.
    static func isShown(_ key: String) -> Bool {
        ![
            CNContactImageDataKey, CNContactThumbnailImageDataKey, CNContactImageDataAvailableKey, CNContactTypeKey,
            CNContactIdentifierKey, CNContactNonGregorianBirthdayKey,
        ]
        .contains(key)
    }

    /// The entries of one key of a contact; none when it is empty.
    func entries(of contact: CNContact, key: String) -> [Entry] {
        guard contact.isKeyAvailable(key) else { return [] }
        let name = localization.contactKey(key)
        let value = contact.value(forKey: key)
        if let values = value as? [Any] {
            return values.compactMap { item in
                guard let labeled = item as? any ListedLabeledValue, let text = Self.text(labeled.listedValue) else {
                    return nil
                }
                let label = labeled.listedLabel.map { "\(name) (\(localization.label($0)))" } ?? name
                return Entry(key: key, valueIdentifier: labeled.listedIdentifier, label: label, text: text)
            }
        }
        guard let value, let text = Self.text(value) else { return [] }
        return [Entry(key: key, valueIdentifier: nil, label: name, text: text)]
    }

    /// One line for a value; nil for an empty one.
    private static func text(_ value: Any) -> String? {
        let text: String
        switch value {
        case let string as String: text = string
        case let string as NSString: text = string as String
        case let phone as CNPhoneNumber: text = phone.stringValue
        case let address as CNPostalAddress:
            text = CNPostalAddressFormatter.string(from: address, style: .mailingAddress)
                .split(separator: "\n").joined(separator: ", ")
        case let relation as CNContactRelation: text = relation.name
        case let profile as CNSocialProfile: text = profile.username.isEmpty ? profile.urlString : profile.username
        case let message as CNInstantMessageAddress: text = message.username
        case let date as DateComponents: text = dateText(date)
        case let date as NSDateComponents: text = dateText(date as DateComponents)
        default: return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A date as ISO 8601 (year optional): the same in every language, and never a wrong day from a time zone.
    private static func dateText(_ date: DateComponents) -> String {
        let month = date.month.map { String(format: "%02d", $0) } ?? "--"
        let day = date.day.map { String(format: "%02d", $0) } ?? "--"
        return date.year.map { String(format: "%04d-%@-%@", $0, month, day) } ?? "--\(month)-\(day)"
    }
}

/// A labeled value of any value type, for listing.
private protocol ListedLabeledValue {
    var listedIdentifier: String { get }
    var listedLabel: String? { get }
    var listedValue: Any { get }
}

extension CNLabeledValue: ListedLabeledValue {
    fileprivate var listedIdentifier: String { identifier }
    fileprivate var listedLabel: String? { label }
    fileprivate var listedValue: Any { value }
}
