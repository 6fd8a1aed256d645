/// The one-time contact picker an app presents on a store: the person picks contacts or properties, and the app
/// receives a snapshot of what was picked, never ongoing access.
///
/// Shaped after `CNContactPickerViewController`: set ``displayedPropertyKeys`` and ``selectionMode`` before
/// presenting it; the picker runs outside the app (in daemon mode, in the person's screens served by contactsd),
/// works in every authorization status, denied included, asks no consent and grants nothing. The snapshot holds
/// the name keys and the displayed keys only (the note only with the notes entitlement).
///
/// ```swift
/// var picker = ContactPicker()
/// picker.displayedPropertyKeys = [CNContactEmailAddressesKey]
/// picker.selectionMode = .multipleContacts
/// switch try await store.present(picker) {
/// case .contacts(let picked): invite(picked)
/// case .properties, .cancelled: break
/// }
/// ```
///
/// Parity: our addition (no CN prefix), standing in for ContactsUI's `CNContactPickerViewController`, which Linux
/// has no view system for. Not provided: the enabling and selection predicates, and showing a contact's card.
public struct ContactPicker: Hashable, Sendable {
    /// What the person picks, and how many.
    ///
    /// On Apple platforms the delegate's implemented methods choose this (implementing the plural method turns
    /// on multiple selection); Swift on Linux cannot ask an object which optional methods it implements, so the
    /// app says it here, and the delegate's matching method is called.
    public enum SelectionMode: Hashable, Sendable, CaseIterable {
        /// One contact: `contactPicker(_:didSelect:)` with a `CNContact`.
        case singleContact
        /// Any number of contacts: `contactPicker(_:didSelect:)` with `[CNContact]`.
        case multipleContacts
        /// One property of a contact: `contactPicker(_:didSelect:)` with a `CNContactProperty`.
        case singleProperty
        /// Any number of properties: `contactPicker(_:didSelectContactProperties:)`.
        case multipleProperties
    }

    /// The keys the picker shows and returns besides the name; nil shows every key. In property modes, the
    /// properties the person may pick.
    public var displayedPropertyKeys: [String]?
    /// What the person picks, and how many; ``SelectionMode/singleContact`` by default.
    public var selectionMode: SelectionMode

    /// Creates a picker.
    ///
    /// - Parameters:
    ///   - displayedPropertyKeys: The keys shown and returned besides the name; nil for every key.
    ///   - selectionMode: What the person picks.
    public init(displayedPropertyKeys: [String]? = nil, selectionMode: SelectionMode = .singleContact) {
        self.displayedPropertyKeys = displayedPropertyKeys
        self.selectionMode = selectionMode
    }
}
