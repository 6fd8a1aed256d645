import Foundation

/// A group that can be renamed before it is saved with a `CNSaveRequest`.
///
/// Not thread-safe.
///
/// ```swift
/// let group = CNMutableGroup()
/// group.name = "Family"
/// request.add(group, toContainerWithIdentifier: nil)
/// ```
///
/// Parity: full.
open class CNMutableGroup: CNGroup, @unchecked Sendable {
    // SAFETY: not thread-safe by contract, as on Apple platforms; the conformance is inherited.

    /// The group's name.
    open override var name: String {
        get { fields.name }
        set { fields.name = newValue }
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        CNGroup(fields: fields)
    }
}
