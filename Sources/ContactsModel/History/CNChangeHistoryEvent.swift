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

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// The event's properties in a fixed order, compared by ``isEqual(_:)``.
    package var comparableValues: [Any?] { [] }

    /// Equal when the other event is of the same class with equal properties (contacts and groups compared
    /// with `isEqual`), so coalescing and round-trip tests can compare events.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNChangeHistoryEvent, type(of: other) == type(of: self) else { return false }
        let mine = comparableValues
        let theirs = other.comparableValues
        return mine.count == theirs.count && zip(mine, theirs).allSatisfy { ContactStorage.isEqual($0, $1) }
    }

    open override var hash: Int {
        ObjectIdentifier(type(of: self)).hashValue
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {}

    public required init?(coder: NSCoder) {
        super.init()
    }
}
