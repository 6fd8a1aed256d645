/// What the person can set for an app in their controls.
///
/// Parity: the choices in Apple's Settings > Privacy > Contacts > app.
public enum AccessChoice: Hashable, Sendable {
    /// Full access.
    case full
    /// Limited access to these contacts.
    case limited(Set<String>)
    /// No access.
    case denied
}
