import Foundation

/// A contact was added.
///
/// Parity: full.
open class CNChangeHistoryAddContactEvent: CNChangeHistoryEvent, @unchecked Sendable {
    // SAFETY: immutable after initialization, as its base class.

    /// The contact, holding the identifier and the request's additional keys.
    public let contact: CNContact

    /// The event's containerIdentifier.
    public let containerIdentifier: String?

    /// Creates the event; the store creates them.
    package init(contact: CNContact, containerIdentifier: String?) {
        self.contact = contact
        self.containerIdentifier = containerIdentifier
        super.init()
    }

    package override var comparableValues: [Any?] { [contact, containerIdentifier] }

    open override func accept(_ visitor: any CNChangeHistoryEventVisitor) {
        visitor.visit(self)
    }

    open override func encode(with coder: NSCoder) {
        coder.encode(contact, forKey: "contact")
        coder.encode(containerIdentifier.map { $0 as NSString }, forKey: "containerIdentifier")
    }

    public required init?(coder: NSCoder) {
        guard let contact = coder.decodeObject(of: CNContact.self, forKey: "contact") else { return nil }
        self.contact = contact
        self.containerIdentifier = coder.decodeObject(of: NSString.self, forKey: "containerIdentifier") as String?
        super.init()
    }
}
