/// The order of the given and family names when a name is displayed.
public enum CNContactDisplayNameOrder: Int, Sendable {
    /// The order the person chose in their settings.
    case userDefault = 0
    /// Given name first.
    case givenNameFirst = 1
    /// Family name first.
    case familyNameFirst = 2
}
