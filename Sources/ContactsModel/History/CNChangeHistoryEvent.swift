import Foundation

/// The base class of change-history events. Dispatch events with ``accept(_:)`` rather than by class.
///
/// Parity: full.
open class CNChangeHistoryEvent: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: events are immutable after initialization. TODO(#4): revisit when NSObject is Sendable on Linux.

    package override init() {
        super.init()
    }

    /// Calls the visitor's method for this kind of event.
    open func accept(_ visitor: any CNChangeHistoryEventVisitor) {}

    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {}

    public required init?(coder: NSCoder) {
        super.init()
    }
}
