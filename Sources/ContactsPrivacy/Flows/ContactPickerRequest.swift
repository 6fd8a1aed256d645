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
    /// Whether the person picks contacts or properties of contacts.
    public var selection: ContactPickerSelection

    /// Creates a request.
    public init(
        displayedPropertyKeys: [String]? = nil, allowsMultipleSelection: Bool = false,
        selection: ContactPickerSelection = .contacts
    ) {
        self.displayedPropertyKeys = displayedPropertyKeys
        self.allowsMultipleSelection = allowsMultipleSelection
        self.selection = selection
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
