import Foundation

/// What to fetch from the change history: changes after a token, with options.
///
/// A nil, foreign, malformed or expired starting token gives a `CNChangeHistoryDropEverythingEvent`
/// followed by an add event for every contact (and every group, with ``includeGroupChanges``).
///
/// Parity: full.
open class CNChangeHistoryFetchRequest: CNFetchRequest, NSSecureCoding, @unchecked Sendable {
    // SAFETY: not thread-safe by contract, as on Apple platforms. TODO(#4): revisit when NSObject is
    // Sendable on Linux.

    /// The token after which changes are fetched; nil fetches everything.
    open var startingToken: Data?

    /// Keys to fetch for the contacts in events, beyond the identifier.
    open var additionalContactKeyDescriptors: [any CNKeyDescriptor]?

    /// Whether events describe unified contacts. Default true.
    open var shouldUnifyResults: Bool = true

    /// Whether events carry mutable contacts and groups. Default false.
    open var mutableObjects: Bool = false

    /// Whether group, membership and subgroup events are included. Default false.
    open var includeGroupChanges: Bool = false

    /// Transaction authors whose changes are left out.
    open var excludedTransactionAuthors: [String]?

    /// Creates a request for every change.
    public override init() {
        super.init()
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(startingToken.map { $0 as NSData }, forKey: "startingToken")
        // Written even when nil: Foundation on Linux reports a missing key as a decoding error.
        let keys = additionalContactKeyDescriptors.map { descriptors in
            KeyDescriptorExpansion.keys(of: descriptors).sorted().map { $0 as NSString } as NSArray
        }
        coder.encode(keys, forKey: "additionalContactKeyDescriptors")
        coder.encode(shouldUnifyResults, forKey: "shouldUnifyResults")
        coder.encode(mutableObjects, forKey: "mutableObjects")
        coder.encode(includeGroupChanges, forKey: "includeGroupChanges")
        coder.encode(
            excludedTransactionAuthors.map { $0.map { $0 as NSString } as NSArray },
            forKey: "excludedTransactionAuthors")
    }

    public required init?(coder: NSCoder) {
        self.startingToken = coder.decodeObject(of: NSData.self, forKey: "startingToken") as Data?
        let keys = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "additionalContactKeyDescriptors")
        self.additionalContactKeyDescriptors = (keys as? [NSString])?.map { $0 as String }
        self.shouldUnifyResults = coder.decodeBool(forKey: "shouldUnifyResults")
        self.mutableObjects = coder.decodeBool(forKey: "mutableObjects")
        self.includeGroupChanges = coder.decodeBool(forKey: "includeGroupChanges")
        let authors = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "excludedTransactionAuthors")
        self.excludedTransactionAuthors = (authors as? [NSString])?.map { $0 as String }
        super.init()
    }
}
