import Foundation

/// A profile on a social network.
///
/// Immutable and thread-safe. Every field is `""` when it was given as nil. Parity: full.
open class CNSocialProfile: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: immutable after initialization; TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The profile's URL.
    open var urlString: String { storedUrlString }
    private let storedUrlString: String
    /// The user name on the service.
    open var username: String { storedUsername }
    private let storedUsername: String
    /// The service's identifier for the user.
    open var userIdentifier: String { storedUserIdentifier }
    private let storedUserIdentifier: String
    /// The service, a predefined constant such as `CNSocialProfileServiceTwitter` or a custom name.
    open var service: String { storedService }
    private let storedService: String

    /// Creates a social profile.
    public init(urlString: String?, username: String?, userIdentifier: String?, service: String?) {
        self.storedUrlString = urlString ?? ""
        self.storedUsername = username ?? ""
        self.storedUserIdentifier = userIdentifier ?? ""
        self.storedService = service ?? ""
        super.init()
    }

    /// The localized name of a social profile key.
    ///
    /// Parity: partial. 12 languages (see ``Localization``), in our own wording.
    open class func localizedString(forKey key: String) -> String {
        Localization.current.socialProfileKey(key)
    }

    /// The localized name of a social profile service; custom services come back unchanged.
    open class func localizedString(forService service: String) -> String {
        Localization.current.socialProfileService(service)
    }

    /// Returns the value of a property by its key, or nil for an unknown key.
    open func value(forKey key: String) -> Any? {
        switch key {
        case CNSocialProfileURLStringKey: urlString
        case CNSocialProfileUsernameKey: username
        case CNSocialProfileUserIdentifierKey: userIdentifier
        case CNSocialProfileServiceKey: service
        default: nil
        }
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(urlString as NSString, forKey: CNSocialProfileURLStringKey)
        coder.encode(username as NSString, forKey: CNSocialProfileUsernameKey)
        coder.encode(userIdentifier as NSString, forKey: CNSocialProfileUserIdentifierKey)
        coder.encode(service as NSString, forKey: CNSocialProfileServiceKey)
    }

    public required init?(coder: NSCoder) {
        func string(_ key: String) -> String {
            coder.decodeObject(of: NSString.self, forKey: key) as String? ?? ""
        }
        self.storedUrlString = string(CNSocialProfileURLStringKey)
        self.storedUsername = string(CNSocialProfileUsernameKey)
        self.storedUserIdentifier = string(CNSocialProfileUserIdentifierKey)
        self.storedService = string(CNSocialProfileServiceKey)
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNSocialProfile else { return false }
        return urlString == other.urlString && username == other.username
            && userIdentifier == other.userIdentifier && service == other.service
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(urlString)
        hasher.combine(username)
        hasher.combine(userIdentifier)
        hasher.combine(service)
        return hasher.finalize()
    }

    open override var description: String {
        "<CNSocialProfile service=\(service)>"
    }
}
