import Foundation

/// A group was updated.
///
/// Parity: full.
open class CNChangeHistoryUpdateGroupEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// The event's group.
    public let group: CNGroup

    /// Creates the event; the store creates them.
    package init(group: CNGroup) {
        self.group = group
        super.init()
    }

    package override var comparableValues: [Any?] { [group] }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visit(self)
    }

    open override func encode(with coder: NSCoder) {
        coder.encode(group, forKey: "group")
    }

    public required init?(coder: NSCoder) {
        guard let group = coder.decodeObject(of: CNGroup.self, forKey: "group") else { return nil }
        self.group = group
        super.init()
    }
}
