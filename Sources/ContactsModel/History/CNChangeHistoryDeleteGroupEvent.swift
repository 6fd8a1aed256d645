import Foundation

/// A group was deleted.
///
/// Parity: full.
open class CNChangeHistoryDeleteGroupEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// The event's groupIdentifier.
    public let groupIdentifier: String

    /// Creates the event; the store creates them.
    package init(groupIdentifier: String) {
        self.groupIdentifier = groupIdentifier
        super.init()
    }

    package override var comparableValues: [Any?] { [groupIdentifier] }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visit(self)
    }

    open override func encode(with coder: NSCoder) {
        coder.encode(groupIdentifier as NSString, forKey: "groupIdentifier")
    }

    public required init?(coder: NSCoder) {
        guard let groupIdentifier = coder.decodeObject(of: NSString.self, forKey: "groupIdentifier") else { return nil }
        self.groupIdentifier = groupIdentifier as String
        super.init()
    }
}
