import Foundation

/// An instant messaging address.
///
/// Immutable and thread-safe. Parity: full.
open class CNInstantMessageAddress: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: immutable after initialization; TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The user name on the service.
    open var username: String { storedUsername }
    private let storedUsername: String
    /// The service, a predefined constant such as `CNInstantMessageServiceSkype` or a custom name.
    open var service: String { storedService }
    private let storedService: String

    /// Creates an instant message address.
    public init(username: String, service: String) {
        self.storedUsername = username
        self.storedService = service
        super.init()
    }

    /// The localized name of an instant message address key.
    ///
    /// Parity: partial. 12 languages (see ``Localization``), in our own wording.
    open class func localizedString(forKey key: String) -> String {
        Localization.current.instantMessageKey(key)
    }

    /// The localized name of an instant message service; custom services come back unchanged.
    open class func localizedString(forService service: String) -> String {
        Localization.current.instantMessageService(service)
    }

    /// Returns the value of a property by its key, or nil for an unknown key.
    open func value(forKey key: String) -> Any? {
        switch key {
        case CNInstantMessageAddressUsernameKey: username
        case CNInstantMessageAddressServiceKey: service
        default: nil
        }
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(username as NSString, forKey: CNInstantMessageAddressUsernameKey)
        coder.encode(service as NSString, forKey: CNInstantMessageAddressServiceKey)
    }

    public required init?(coder: NSCoder) {
        func string(_ key: String) -> String {
            coder.decodeObject(of: NSString.self, forKey: key) as String? ?? ""
        }
        self.storedUsername = string(CNInstantMessageAddressUsernameKey)
        self.storedService = string(CNInstantMessageAddressServiceKey)
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNInstantMessageAddress else { return false }
        return username == other.username && service == other.service
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(username)
        hasher.combine(service)
        return hasher.finalize()
    }

    open override var description: String {
        "<CNInstantMessageAddress service=\(service)>"
    }
}
