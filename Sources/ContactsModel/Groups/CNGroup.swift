import Foundation

/// A named group of contacts within a container.
///
/// Immutable and thread-safe; change a group through a `mutableCopy()` saved with a `CNSaveRequest`.
///
/// Parity: full.
open class CNGroup: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: only CNMutableGroup changes the fields, and it is not thread-safe by contract;
    // TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The group's fields.
    package final var fields: Fields

    /// The fields of a group.
    package struct Fields: Hashable, Sendable {
        package var identifier: String
        package var name: String

        package init(identifier: String, name: String) {
            self.identifier = identifier
            self.name = name
        }
    }

    /// Creates a group with a new identifier and no name.
    public override init() {
        self.fields = Fields(identifier: Self.newIdentifier(), name: "")
        super.init()
    }

    package init(fields: Fields) {
        self.fields = fields
        super.init()
    }

    /// A new identifier in the form Apple's desktop store uses.
    package static func newIdentifier() -> String {
        LocalUUID.string() + ":ABGroup"
    }

    /// The group's unique identifier, persistent across launches on this machine.
    open var identifier: String { fields.identifier }

    /// The group's name.
    open var name: String { fields.name }

    /// Returns the value of a property by its key ("identifier" or "name"), or nil.
    open func value(forKey key: String) -> Any? {
        switch key {
        case CNGroupIdentifierKey: fields.identifier
        case CNGroupNameKey: fields.name
        default: nil
        }
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        CNGroup(fields: fields)
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        CNMutableGroup(fields: fields)
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(fields.identifier as NSString, forKey: CNGroupIdentifierKey)
        coder.encode(fields.name as NSString, forKey: CNGroupNameKey)
    }

    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: CNGroupIdentifierKey) else { return nil }
        let name = coder.decodeObject(of: NSString.self, forKey: CNGroupNameKey) as String? ?? ""
        self.fields = Fields(identifier: identifier as String, name: name)
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CNGroup)?.fields == fields
    }

    open override var hash: Int {
        fields.identifier.hashValue
    }

    open override var description: String {
        "<\(type(of: self)) identifier=\(fields.identifier)>"
    }
}
