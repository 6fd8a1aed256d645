import ContactsModel
import Foundation

/// What the person decided for one app, keyed by bundle identifier.
///
/// Records are never deleted when an app goes away, so a decision survives the app being removed and added
/// again. The engine stores them in the tables `app` (one row per record), `app_grant` (``limitedIdentifiers``)
/// and `app_created` (``createdIdentifiers``).
///
/// ```swift
/// var record = AuthorizationRecord(bundleIdentifier: "com.example.app")
/// record.status   // .notDetermined
/// ```
///
/// Parity: our addition; Apple keeps the same facts in its private TCC database.
public struct AuthorizationRecord: Hashable, Sendable {
    /// The app's bundle identifier.
    public var bundleIdentifier: String
    /// The stored status. An administrator policy file may still restrict the app (``AdministratorPolicy``).
    public var status: CNAuthorizationStatus
    /// When the status was last decided; nil while not determined.
    public var decidedAt: Date?
    /// The contacts the person shared with the app under limited access.
    public var limitedIdentifiers: Set<String>
    /// The contacts the app created; they stay visible to it under limited access.
    public var createdIdentifiers: Set<String>
    /// The app's display name when it last asked, for the person's controls.
    public var displayName: String?
    /// The app's purpose string when it last asked, for the person's controls.
    public var usageDescription: String?
    /// The access generation: ``AccessGeneration/revision`` counts every change, and
    /// ``AccessGeneration/revocation`` counts changes that reduced access.
    public var generation: AccessGeneration

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - bundleIdentifier: The app's bundle identifier.
    ///   - status: The stored status; not determined by default.
    ///   - decidedAt: When the status was decided.
    ///   - limitedIdentifiers: The contacts shared under limited access.
    ///   - createdIdentifiers: The contacts the app created.
    ///   - displayName: The app's display name.
    ///   - usageDescription: The app's purpose string.
    ///   - generation: The access generation.
    public init(
        bundleIdentifier: String,
        status: CNAuthorizationStatus = .notDetermined,
        decidedAt: Date? = nil,
        limitedIdentifiers: Set<String> = [],
        createdIdentifiers: Set<String> = [],
        displayName: String? = nil,
        usageDescription: String? = nil,
        generation: AccessGeneration = AccessGeneration()
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.status = status
        self.decidedAt = decidedAt
        self.limitedIdentifiers = limitedIdentifiers
        self.createdIdentifiers = createdIdentifiers
        self.displayName = displayName
        self.usageDescription = usageDescription
        self.generation = generation
    }

    /// Whether going from `old` to this record takes away anything the app could see or do.
    ///
    /// Access is ordered restricted = denied = not determined < limited < authorized; within limited access,
    /// removing a shared contact is a reduction. Created contacts never shrink.
    public func reducesAccess(comparedTo old: AuthorizationRecord) -> Bool {
        switch (old.status, status) {
        case (.authorized, .authorized): false
        case (.authorized, _): true
        case (.limited, .authorized): false
        case (.limited, .limited): !old.limitedIdentifiers.isSubset(of: limitedIdentifiers)
        case (.limited, _): true
        default: false
        }
    }
}
