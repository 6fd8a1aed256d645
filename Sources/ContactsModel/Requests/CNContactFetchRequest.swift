import Foundation

/// What to fetch when enumerating contacts: a predicate, the keys, and how to sort and unify.
///
/// ```swift
/// let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
/// request.sortOrder = .userDefault
/// try store.enumerateContacts(with: request) { contact, stop in
///     print(contact.givenName)
/// }
/// ```
///
/// Parity: partial. Archiving keeps the keys and options but not the predicate, which is valid only with
/// the store that runs it.
open class CNContactFetchRequest: CNFetchRequest, NSSecureCoding, @unchecked Sendable {
    // SAFETY: not thread-safe by contract, as on Apple platforms; configure it before handing it to a store.
    // TODO(#3): revisit when NSObject is Sendable on Linux.

    /// The contacts to fetch, from a `CNContact` predicate factory; nil fetches every contact.
    open var predicate: NSPredicate?

    /// The keys and key descriptors to fetch; the identifier is always fetched.
    open var keysToFetch: [any CNKeyDescriptor]

    /// Whether to return `CNMutableContact` objects. Default false.
    open var mutableObjects: Bool = false

    /// Whether to unify linked contacts into one. Default true.
    open var unifyResults: Bool = true

    /// The order of the results. Default `.none`.
    open var sortOrder: CNContactSortOrder = .none

    /// Creates a request for the given keys.
    public init(keysToFetch: [any CNKeyDescriptor]) {
        self.keysToFetch = keysToFetch
        super.init()
    }

    /// Apple platforms raise an exception for a request without keys; use ``init(keysToFetch:)``.
    @available(*, unavailable, message: "Use init(keysToFetch:) instead.")
    public override init() {
        self.keysToFetch = []
        super.init()
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        let keys = KeyDescriptorExpansion.keys(of: keysToFetch).sorted().map { $0 as NSString }
        coder.encode(keys as NSArray, forKey: "keysToFetch")
        coder.encode(mutableObjects, forKey: "mutableObjects")
        coder.encode(unifyResults, forKey: "unifyResults")
        coder.encode(sortOrder.rawValue, forKey: "sortOrder")
    }

    public required init?(coder: NSCoder) {
        let keys = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "keysToFetch") as? [NSString]
        self.keysToFetch = (keys ?? []).map { $0 as String }
        self.mutableObjects = coder.decodeBool(forKey: "mutableObjects")
        self.unifyResults = coder.decodeBool(forKey: "unifyResults")
        self.sortOrder = CNContactSortOrder(rawValue: coder.decodeInteger(forKey: "sortOrder")) ?? .none
        super.init()
    }

    open override var description: String {
        let keys = KeyDescriptorExpansion.keys(of: keysToFetch).sorted().joined(separator: ",")
        return "<CNContactFetchRequest predicate=\(predicate.map { $0.description } ?? "nil") keys=\(keys)>"
    }
}
