import Foundation

/// A contact was deleted.
///
/// Parity: full.
open class CNChangeHistoryDeleteContactEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// The event's contactIdentifier.
    public let contactIdentifier: String

    /// Creates the event; the store creates them.
    package init(contactIdentifier: String) {
        self.contactIdentifier = contactIdentifier
        super.init()
    }

    package override var comparableValues: [Any?] { [contactIdentifier] }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visit(self)
    }

    open override func encode(with coder: NSCoder) {
        coder.encode(contactIdentifier as NSString, forKey: "contactIdentifier")
    }

    public required init?(coder: NSCoder) {
        guard let contactIdentifier = coder.decodeObject(of: NSString.self, forKey: "contactIdentifier") else {
            return nil
        }
        self.contactIdentifier = contactIdentifier as String
        super.init()
    }
}
