/// The entitlements an app holds that matter to contacts.
///
/// Entitlements are read from the app's entitlements property list (see ``AppIdentity``). Only Boolean
/// `true` values grant an entitlement; any other value, or a missing key, does not.
///
/// ```swift
/// let entitlements = AppEntitlements(granted: [AppEntitlements.contactsNotesKey])
/// entitlements.allowsNotes   // true
/// ```
///
/// Parity: Apple signs entitlements into the app; we read them from a file beside it (docs/Privacy.md).
public struct AppEntitlements: Hashable, Sendable {
    /// The entitlement that lets an app read and write `CNContactNoteKey`.
    public static let contactsNotesKey = "com.apple.developer.contacts.notes"

    /// The entitlement keys whose value is Boolean `true`.
    public var granted: Set<String>

    /// Creates a set of entitlements.
    ///
    /// - Parameter granted: The entitlement keys the app holds.
    public init(granted: Set<String> = []) {
        self.granted = granted
    }

    /// No entitlements at all.
    public static let none = AppEntitlements()

    /// Whether the app may read and write the contact note (`com.apple.developer.contacts.notes`).
    public var allowsNotes: Bool {
        granted.contains(Self.contactsNotesKey)
    }

    /// Reads the entitlements of a property-list dictionary, keeping the keys whose value is Boolean `true`.
    package init(propertyList: [String: Any]) {
        var keys = Set<String>()
        for (key, value) in propertyList where PropertyListValue.isTrue(value) {
            keys.insert(key)
        }
        self.granted = keys
    }
}
