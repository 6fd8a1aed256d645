/// Who is reading or writing contacts: the person through a system tool, or an app.
///
/// System tools such as the `contacts` command act as the person: they see every contact, may use every key,
/// and are never asked for consent. Apps go through authorization and the visibility rules.
///
/// ```swift
/// let accessor: AccessorIdentity = .app(try AppIdentity.load(environment: .live))
/// accessor.bundleIdentifier   // "com.example.app"
/// ```
///
/// Parity: our addition; on Apple platforms system apps are simply exempt from TCC.
public enum AccessorIdentity: Hashable, Sendable {
    /// The person, through a system tool.
    case person
    /// An app, identified by its `Info.plist`.
    case app(AppIdentity)

    /// The app's bundle identifier; nil for the person.
    public var bundleIdentifier: String? {
        switch self {
        case .person: nil
        case .app(let app): app.bundleIdentifier
        }
    }

    /// The app; nil for the person.
    public var app: AppIdentity? {
        switch self {
        case .person: nil
        case .app(let app): app
        }
    }
}
