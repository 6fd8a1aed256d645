import Foundation

/// A group was added.
///
/// Parity: full.
open class CNChangeHistoryAddGroupEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// The event's group.
    public let group: CNGroup

    /// The event's containerIdentifier.
    public let containerIdentifier: String

    /// Creates the event; the store creates them.
    package init(group: CNGroup, containerIdentifier: String) {
        self.group = group
        self.containerIdentifier = containerIdentifier
        super.init()
    }

    package override var comparableValues: [Any?] { [group, containerIdentifier] }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visit(self)
    }

    open override func encode(with coder: NSCoder) {
        coder.encode(group, forKey: "group")
        coder.encode(containerIdentifier as NSString, forKey: "containerIdentifier")
    }

    public required init?(coder: NSCoder) {
        guard let group = coder.decodeObject(of: CNGroup.self, forKey: "group") else { return nil }
        self.group = group
        guard let containerIdentifier = coder.decodeObject(of: NSString.self, forKey: "containerIdentifier") else {
            return nil
        }
        self.containerIdentifier = containerIdentifier as String
        super.init()
    }
}
