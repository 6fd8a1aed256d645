import ContactsModel

/// What an app asks of the one-time contact picker (`CNContactPickerViewController`).
///
/// The picker works in every authorization status, denied included, asks no consent and grants nothing: the
/// app receives a snapshot of what the person picked, with names and the displayed keys only.
///
/// ```swift
/// let request = ContactPickerRequest(displayedPropertyKeys: [CNContactEmailAddressesKey])
/// ```
///
/// Parity: the properties of `CNContactPickerViewController` that shape the result; the engine evaluates
/// `predicateForEnablingContact` when it lists the candidates.
public struct ContactPickerRequest: Hashable, Sendable {
    /// The keys the picker shows and returns besides the name; nil shows every key.
    public var displayedPropertyKeys: [String]?
    /// Whether the person may pick several contacts (the delegate implements the plural callback).
    public var allowsMultipleSelection: Bool

    /// Creates a request.
    public init(displayedPropertyKeys: [String]? = nil, allowsMultipleSelection: Bool = false) {
        self.displayedPropertyKeys = displayedPropertyKeys
        self.allowsMultipleSelection = allowsMultipleSelection
    }

    /// The name keys every snapshot carries.
    public static let nameKeys: Set<String> = [
        CNContactIdentifierKey, CNContactTypeKey, CNContactNamePrefixKey, CNContactGivenNameKey,
        CNContactMiddleNameKey, CNContactFamilyNameKey, CNContactPreviousFamilyNameKey, CNContactNameSuffixKey,
        CNContactNicknameKey, CNContactPhoneticGivenNameKey, CNContactPhoneticMiddleNameKey,
        CNContactPhoneticFamilyNameKey, CNContactOrganizationNameKey, CNContactPhoneticOrganizationNameKey,
    ]

    /// The keys to fetch for the snapshot: the name keys plus the displayed keys (every contact key when nil).
    ///
    /// The note joins only when the app holds the notes entitlement; without it the key is left out rather
    /// than failing, since the person, not the app, chose what to show.
    ///
    /// - Parameter entitlements: The app's entitlements.
    public func keysToFetch(entitlements: AppEntitlements) -> Set<String> {
        let displayed = displayedPropertyKeys.map(Set.init) ?? Set(ContactProperty.allCases.map(\.key))
        var keys = Self.nameKeys.union(displayed.filter { ContactProperty(key: $0) != nil })
        if !entitlements.allowsNotes {
            keys.remove(CNContactNoteKey)
        }
        return keys
    }
}

/// What the person did in the one-time picker.
///
/// Parity: the delegate callbacks of `CNContactPickerDelegate`.
public enum ContactPickerChoice: Hashable, Sendable {
    /// The person closed the picker (`contactPickerDidCancel(_:)`).
    case cancelled
    /// The person picked these contacts, in order.
    case contacts([String])
    /// The person picked these properties.
    case properties([ContactPropertySelection])
}

/// One property the person picked: which contact, which key, and which labeled value.
///
/// Parity: the parts of `CNContactProperty` the engine needs to build it.
public struct ContactPropertySelection: Hashable, Sendable {
    /// The contact's identifier.
    public var contactIdentifier: String
    /// The property's key.
    public var key: String
    /// The labeled value's identifier, for multi-valued properties.
    public var valueIdentifier: String?

    /// Creates a selection.
    public init(contactIdentifier: String, key: String, valueIdentifier: String? = nil) {
        self.contactIdentifier = contactIdentifier
        self.key = key
        self.valueIdentifier = valueIdentifier
    }
}

/// What the app receives from the one-time picker: a snapshot, never a grant.
///
/// Parity: the values passed to `CNContactPickerDelegate`.
public struct ContactPickerResponse: Sendable {
    /// The person's choice, reduced to what the request allows.
    public var choice: ContactPickerChoice
    /// The picked contacts, fetched with ``ContactPickerRequest/keysToFetch(entitlements:)`` only.
    public var contacts: [CNContact]

    /// Creates a response.
    public init(choice: ContactPickerChoice, contacts: [CNContact]) {
        self.choice = choice
        self.contacts = contacts
    }
}
