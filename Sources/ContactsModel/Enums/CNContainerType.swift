/// The kind of account a container belongs to.
public enum CNContainerType: Int, Sendable {
    /// Not assigned to a known kind.
    case unassigned = 0
    /// Contacts kept on this machine.
    case local = 1
    /// An Exchange account.
    case exchange = 2
    /// A CardDAV account.
    case cardDAV = 3
}
