import Foundation

/// An account or folder that holds contacts and groups, such as the local container or a CardDAV account.
///
/// Immutable and thread-safe. Parity: full. Creating further containers is our addition on the store.
open class CNContainer: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: immutable after initialization; TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The container's unique identifier.
    public let identifier: String
    /// The container's name, such as "On My Mac" or an account name.
    public let name: String
    /// The kind of account.
    public let type: CNContainerType

    /// Creates a container value; the store creates them.
    package init(identifier: String, name: String, type: CNContainerType) {
        self.identifier = identifier
        self.name = name
        self.type = type
        super.init()
    }

    /// A new identifier in the form Apple's desktop store uses.
    package static func newIdentifier() -> String {
        UUID().uuidString + ":ABAccount"
    }

    /// Returns the value of a property by its key, or nil.
    open func value(forKey key: String) -> Any? {
        switch key {
        case CNContainerIdentifierKey: identifier
        case CNContainerNameKey: name
        case CNContainerTypeKey: type.rawValue
        default: nil
        }
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(identifier as NSString, forKey: CNContainerIdentifierKey)
        coder.encode(name as NSString, forKey: CNContainerNameKey)
        coder.encode(type.rawValue, forKey: CNContainerTypeKey)
    }

    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: CNContainerIdentifierKey) else {
            return nil
        }
        self.identifier = identifier as String
        self.name = coder.decodeObject(of: NSString.self, forKey: CNContainerNameKey) as String? ?? ""
        self.type = CNContainerType(rawValue: coder.decodeInteger(forKey: CNContainerTypeKey)) ?? .unassigned
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNContainer else { return false }
        return identifier == other.identifier && name == other.name && type == other.type
    }

    open override var hash: Int {
        identifier.hashValue
    }

    open override var description: String {
        "<CNContainer identifier=\(identifier) type=\(type.rawValue)>"
    }
}
