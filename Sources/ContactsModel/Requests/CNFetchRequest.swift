import Foundation

/// The base class of contact and change-history fetch requests.
///
/// Parity: full; create a `CNContactFetchRequest` or `CNChangeHistoryFetchRequest` instead.
open class CNFetchRequest: NSObject {
    /// Fetch requests are created through their subclasses' initializers.
    package override init() {
        super.init()
    }
}
