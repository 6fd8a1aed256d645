import ContactsModel

/// The result of the contact access picker: the new shared set and what the app learns.
///
/// The picker is for limited access only; in any other status it is not shown and the app gets an empty array.
/// The person may add and remove contacts; the app learns only the newly granted identifiers, never the removed
/// or already shared ones.
///
/// ```swift
/// let outcome = ContactAccessPickerOutcome(status: .limited, shared: ["A"], edited: ["B"])
/// outcome.newlyGranted   // ["B"]
/// outcome.sharedAfter    // ["B"]
/// ```
///
/// Parity: `contactAccessPicker(isPresented:completionHandler:)` (APPLE-API.md §19.2).
public struct ContactAccessPickerOutcome: Hashable, Sendable {
    /// The shared set to store; nil when nothing changes.
    public var sharedAfter: Set<String>?
    /// The identifiers passed to the app's completion handler, sorted.
    public var newlyGranted: [String]

    /// Whether the picker is shown at all for a status.
    public static func isShown(for status: CNAuthorizationStatus) -> Bool {
        status == .limited
    }

    /// Computes the outcome.
    ///
    /// - Parameters:
    ///   - status: The app's effective status.
    ///   - shared: The contacts shared before.
    ///   - edited: The person's new set, or nil when they cancelled.
    public init(status: CNAuthorizationStatus, shared: Set<String>, edited: Set<String>?) {
        guard Self.isShown(for: status), let edited, edited != shared else {
            sharedAfter = nil
            newlyGranted = []
            return
        }
        sharedAfter = edited
        newlyGranted = edited.subtracting(shared).sorted()
    }
}
