import ContactsModel
import Foundation

// TODO(#5): the privacy engineer wires the real authorization policy here; until then every app is
// authorized, as a person's own tools are.
extension CNContactStore {
    /// The app's authorization to read and write contacts; never prompts.
    ///
    /// - Parameter entityType: `.contacts`.
    /// - Returns: `.authorized` for now.
    ///
    /// Parity: partial until the privacy engine lands (issue #5): always `.authorized`.
    public class func authorizationStatus(for entityType: CNEntityType) -> CNAuthorizationStatus {
        .authorized
    }

    /// Asks the person for access when they have not decided yet, and reports the answer.
    ///
    /// - Parameters:
    ///   - entityType: `.contacts`.
    ///   - completionHandler: Called on an arbitrary thread with whether access is granted and an error.
    ///
    /// Parity: partial until the privacy engine lands (issue #5): grants at once.
    public func requestAccess(
        for entityType: CNEntityType,
        completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        completionHandler(true, nil)
    }

    /// Asks the person for access when they have not decided yet.
    ///
    /// - Returns: Whether access is granted.
    ///
    /// Parity: partial until the privacy engine lands (issue #5): returns true.
    public func requestAccess(for entityType: CNEntityType) async throws -> Bool {
        true
    }
}
