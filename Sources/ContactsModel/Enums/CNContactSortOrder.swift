/// The order in which contacts are sorted.
public enum CNContactSortOrder: Int, Sendable {
    /// No particular order.
    case none = 0
    /// The order the person chose in their settings.
    case userDefault = 1
    /// By given name, then family name.
    case givenName = 2
    /// By family name, then given name.
    case familyName = 3
}
