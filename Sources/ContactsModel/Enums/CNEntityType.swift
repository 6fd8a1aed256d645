/// The kinds of data an app can ask access to.
public enum CNEntityType: Int, Sendable {
    /// The person's contacts.
    case contacts = 0
}
