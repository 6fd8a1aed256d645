/// Whether an app may read and write the person's contacts.
public enum CNAuthorizationStatus: Int, Sendable {
    /// The person has not decided yet; the next data access or `requestAccess` asks.
    case notDetermined = 0
    /// An administrator's policy denies the app; the person cannot change it.
    case restricted = 1
    /// The person denied access.
    case denied = 2
    /// The app may read and write every contact.
    case authorized = 3
    /// The app may read and write the contacts the person shared with it and the contacts it created.
    case limited = 4
}
