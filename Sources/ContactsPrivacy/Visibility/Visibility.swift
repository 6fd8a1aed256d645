/// Which contacts an accessor may see; the engine turns it into SQL.
///
/// - `.all`: no filter.
/// - `.only(identifiers)`: `contact.identifier IN (...)` (the engine may join `app_grant` and `app_created`
///   instead of binding the set).
/// - `.none`: nothing; the engine does not query at all (data calls already failed with 100).
///
/// ```swift
/// switch scope.visibility {
/// case .all: break
/// case .only(let identifiers): filter(identifiers)
/// case .none: return []
/// }
/// ```
///
/// Parity: our addition; it expresses Apple's rule "an app sees everything (full), what the person shared plus
/// what it created (limited), or nothing".
public enum Visibility: Hashable, Sendable {
    /// Every contact.
    case all
    /// Only the contacts with these identifiers.
    case only(Set<String>)
    /// No contact.
    case none

    /// Whether a contact is visible.
    ///
    /// - Parameter identifier: The contact's identifier.
    public func contains(_ identifier: String) -> Bool {
        switch self {
        case .all: true
        case .only(let identifiers): identifiers.contains(identifier)
        case .none: false
        }
    }

    /// The visibility after the accessor created contacts, which are visible to it from then on.
    ///
    /// - Parameter identifiers: The new contacts' identifiers.
    public func adding(_ identifiers: Set<String>) -> Visibility {
        switch self {
        case .all: .all
        case .only(let visible): .only(visible.union(identifiers))
        case .none: .none
        }
    }
}
