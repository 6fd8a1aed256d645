import Foundation

/// A key, or a set of keys, that names contact properties to fetch.
///
/// Key constants such as `CNContactGivenNameKey` are descriptors, as strings or as `NSString`
/// (`CNContactGivenNameKey as CNKeyDescriptor` compiles as on Apple platforms). Formatters, the vCard
/// serializer and the comparator return aggregate descriptors (``AggregateKeyDescriptor``).
///
/// Parity: partial. On Apple platforms the protocol refines `NSCopying`, `NSSecureCoding` and
/// `NSObjectProtocol`, and Swift strings reach it by bridging to `NSString`. Linux has no such bridging, so
/// the protocol has no requirements and `String` conforms directly. Apple reserves the protocol for its own
/// types; conformances outside this package are ignored when keys are expanded.
public protocol CNKeyDescriptor {}

extension String: CNKeyDescriptor {}

extension NSString: CNKeyDescriptor {}

/// A descriptor that stands for several keys, such as the keys a formatter needs.
///
/// Parity: our addition. Apple's equivalent is a private class; apps receive it only as
/// `any CNKeyDescriptor` from `descriptorForRequiredKeys` methods and pass it to fetch requests.
public final class AggregateKeyDescriptor: NSObject, NSCopying, NSSecureCoding, CNKeyDescriptor, @unchecked Sendable {
    // SAFETY: immutable after initialization; TODO(#2): drop @unchecked if NSObject gains Sendable on Linux.

    /// The descriptors this one stands for, which may themselves be aggregates.
    public let descriptors: [any CNKeyDescriptor]

    /// A short, stable description of where the descriptor comes from, such as "CNContactFormatter.fullName".
    public let name: String

    /// The contact properties of ``keys``, expanded once: the descriptor is immutable, and a fetch that
    /// passes it expands its keys on every call.
    package let contactProperties: ContactKeySet

    /// Creates a descriptor that stands for the given keys and descriptors.
    ///
    /// - Parameters:
    ///   - name: Where the descriptor comes from; shown in its description.
    ///   - descriptors: The keys and descriptors it stands for.
    public init(name: String, descriptors: [any CNKeyDescriptor]) {
        self.name = name
        self.descriptors = descriptors
        self.contactProperties = KeyDescriptorExpansion.properties(of: descriptors)
        super.init()
    }

    /// Creates a descriptor that stands for the given keys.
    public convenience init(name: String, keys: [String]) {
        self.init(name: name, descriptors: keys)
    }

    /// Every key the descriptor stands for, with nested aggregates expanded.
    public var keys: Set<String> {
        KeyDescriptorExpansion.keys(of: descriptors)
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(keys.sorted().map { $0 as NSString } as NSArray, forKey: "keys")
    }

    public required init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "name"),
            let keys = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "keys") as? [NSString]
        else { return nil }
        self.name = name as String
        self.descriptors = keys.map { $0 as String }
        self.contactProperties = KeyDescriptorExpansion.properties(of: self.descriptors)
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    public override var description: String {
        "<AggregateKeyDescriptor \(name): \(keys.sorted().joined(separator: ", "))>"
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AggregateKeyDescriptor else { return false }
        return keys == other.keys
    }

    public override var hash: Int {
        keys.hashValue
    }
}

/// Turns key descriptors into key strings and property sets.
package enum KeyDescriptorExpansion {
    /// Every key string the descriptors name, with aggregates expanded.
    package static func keys(of descriptors: [any CNKeyDescriptor]) -> Set<String> {
        var result = Set<String>()
        for descriptor in descriptors {
            switch descriptor {
            case let key as String:
                result.insert(key)
            case let key as NSString:
                result.insert(key as String)
            case let aggregate as AggregateKeyDescriptor:
                result.formUnion(aggregate.keys)
            default:
                continue
            }
        }
        return result
    }

    /// The contact properties the descriptors name; strings that are not contact keys are left out.
    ///
    /// The same properties as the keys of ``keys(of:)`` name, without building that set of strings: every
    /// fetch expands its keys, and for a fetch of one contact with 27 keys the set (a hash and an insertion
    /// per key) and the lookups after it were a fifth of the call. Aggregates carry their properties
    /// expanded (``AggregateKeyDescriptor/contactProperties``).
    package static func properties(of descriptors: [any CNKeyDescriptor]) -> ContactKeySet {
        var result: ContactKeySet = []
        for descriptor in descriptors {
            result.formUnion(properties(ofOne: descriptor))
        }
        return result
    }

    /// The properties of one descriptor, opened from its existential so its type is a plain comparison.
    private static func properties<Descriptor: CNKeyDescriptor>(ofOne descriptor: Descriptor) -> ContactKeySet {
        // Key constants and formatter descriptors are by far the commonest: their type is compared, and the
        // value reinterpreted as the type it was just found to be, where a cast (`as?`) asks the runtime,
        // about a tenth of a fetch of one contact's keys.
        if Descriptor.self == String.self {
            return properties(ofKey: unsafeBitCast(descriptor, to: String.self))
        }
        if Descriptor.self == AggregateKeyDescriptor.self {
            return unsafeBitCast(descriptor, to: AggregateKeyDescriptor.self).contactProperties
        }
        switch descriptor {
        case let key as String:
            return properties(ofKey: key)
        case let key as NSString:
            return properties(ofKey: key as String)
        case let aggregate as AggregateKeyDescriptor:
            return aggregate.contactProperties
        default:
            return []
        }
    }

    private static func properties(ofKey key: String) -> ContactKeySet {
        ContactProperty(key: key).map(ContactKeySet.init) ?? []
    }

    /// The key strings the descriptors name that are not contact keys.
    package static func unknownKeys(of descriptors: [any CNKeyDescriptor]) -> [String] {
        keys(of: descriptors).filter { ContactProperty(key: $0) == nil }.sorted()
    }
}
