import ContactsModel
import Foundation

/// One line of the person's privacy controls: an app, what it may do, and how much it sees.
///
/// Parity: our addition; the list in Apple's Settings > Privacy > Contacts.
public struct AppAccessSummary: Hashable, Sendable {
    /// The app's bundle identifier.
    public var bundleIdentifier: String
    /// The app's display name when it last asked; the bundle identifier when unknown.
    public var displayName: String
    /// The app's purpose string when it last asked.
    public var usageDescription: String?
    /// The effective status, including the administrator's policy file.
    public var status: CNAuthorizationStatus
    /// Whether the administrator's policy file restricts the app.
    public var isRestrictedByPolicy: Bool
    /// When the status was decided.
    public var decidedAt: Date?
    /// How many contacts the person shared (of those that still exist, when the engine counts).
    public var sharedCount: Int
    /// How many contacts the app created (of those that still exist, when the engine counts).
    public var createdCount: Int

    /// Creates a summary.
    public init(
        bundleIdentifier: String,
        displayName: String,
        usageDescription: String?,
        status: CNAuthorizationStatus,
        isRestrictedByPolicy: Bool,
        decidedAt: Date?,
        sharedCount: Int,
        createdCount: Int
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.usageDescription = usageDescription
        self.status = status
        self.isRestrictedByPolicy = isRestrictedByPolicy
        self.decidedAt = decidedAt
        self.sharedCount = sharedCount
        self.createdCount = createdCount
    }
}
