import Contacts
import ContactsModel
import ContactsPrivacy
import Foundation

/// One app in the person's privacy controls: its status, purpose, and how many contacts it sees.
///
/// Parity: our addition; a row of Apple's Settings > Privacy > Contacts.
public struct ContactAccessSummary: Hashable, Sendable {
    /// The app's record as the controls list it (status with the policy applied, shared and created counts).
    public var summary: AppAccessSummary
    /// How many existing contacts the app can see now: all under full access, shared plus created under
    /// limited access, none otherwise.
    public var visibleCount: Int

    /// The app's bundle identifier.
    public var bundleIdentifier: String { summary.bundleIdentifier }
    /// The effective status.
    public var status: CNAuthorizationStatus { summary.status }

    /// Creates a summary.
    public init(summary: AppAccessSummary, visibleCount: Int) {
        self.summary = summary
        self.visibleCount = visibleCount
    }
}
