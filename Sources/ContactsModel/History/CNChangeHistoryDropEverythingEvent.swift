import Foundation

/// Discard every cached contact and group: the history cannot say what changed, and add events for everything follow.
///
/// Parity: full.
open class CNChangeHistoryDropEverythingEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// Creates the event; the store creates them.
    package override init() {
        super.init()
    }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visit(self)
    }

    open override func encode(with coder: NSCoder) {
        // Nothing to encode: the event has no properties.
    }

    public required init?(coder: NSCoder) {
        super.init()
    }
}
