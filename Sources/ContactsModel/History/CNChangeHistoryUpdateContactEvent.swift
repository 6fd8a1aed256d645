import Foundation

/// A contact was updated.
///
/// Parity: full.
open class CNChangeHistoryUpdateContactEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// The contact, holding the identifier and the request's additional keys.
    public let contact: CNContact

    /// Creates the event; the store creates them.
    package init(contact: CNContact) {
        self.contact = contact
        super.init()
    }

    package override var comparableValues: [Any?] { [contact] }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visit(self)
    }

    open override func encode(with coder: NSCoder) {
        coder.encode(contact, forKey: "contact")
    }

    public required init?(coder: NSCoder) {
        guard let contact = coder.decodeObject(of: CNContact.self, forKey: "contact") else { return nil }
        self.contact = contact
        super.init()
    }
}
