import Foundation

/// The name of a related person, such as a spouse or an assistant.
///
/// Immutable and thread-safe. Parity: full.
open class CNContactRelation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: immutable after initialization; TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The related person's name.
    open var name: String { storedName }
    private let storedName: String

    /// Creates a relation with the related person's name.
    public init(name: String) {
        self.storedName = name
        super.init()
    }

    /// Returns the value of a property by name ("name"), or nil.
    open func value(forKey key: String) -> Any? {
        key == "name" ? name : nil
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
    }

    public required init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "name") else { return nil }
        self.storedName = name as String
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CNContactRelation)?.name == name
    }

    open override var hash: Int {
        name.hashValue
    }

    open override var description: String {
        "<CNContactRelation>"
    }
}
