/// Who an app is, as its `Info.plist` and entitlements describe it.
///
/// The bundle identifier keys every authorization decision, so a decision survives the app being removed and
/// installed again. The display name and usage description are shown to the person when they are asked.
///
/// ```swift
/// let app = try AppIdentity.load(environment: .live)
/// print(app.bundleIdentifier, app.displayName)
/// ```
///
/// Parity: Apple reads the same `Info.plist` keys from the app bundle.
public struct AppIdentity: Hashable, Sendable {
    /// The app's `CFBundleIdentifier`.
    public var bundleIdentifier: String
    /// `CFBundleDisplayName`, else `CFBundleName`, else the bundle identifier.
    public var displayName: String
    /// `NSContactsUsageDescription`: why the app wants contacts; nil when missing or blank.
    public var usageDescription: String?
    /// The entitlements the app holds.
    public var entitlements: AppEntitlements

    /// Creates an identity.
    ///
    /// - Parameters:
    ///   - bundleIdentifier: The app's bundle identifier.
    ///   - displayName: The name shown to the person; defaults to the bundle identifier.
    ///   - usageDescription: The purpose string shown when the person is asked.
    ///   - entitlements: The app's entitlements.
    public init(
        bundleIdentifier: String,
        displayName: String? = nil,
        usageDescription: String? = nil,
        entitlements: AppEntitlements = .none
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName ?? bundleIdentifier
        self.usageDescription = usageDescription
        self.entitlements = entitlements
    }
}
