import Foundation

/// The result of a fetch with the change-history token of the state it was read from.
///
/// Persist ``currentHistoryToken`` after processing the value and pass it as the starting token of the
/// next change-history fetch.
///
/// Parity: full.
open class CNFetchResult<ValueType: AnyObject>: NSObject {
    /// The fetched value, such as an enumerator of contacts or events.
    public let value: ValueType

    /// The change-history token as of this fetch.
    public let currentHistoryToken: Data

    /// Creates a result; the store creates them.
    package init(value: ValueType, currentHistoryToken: Data) {
        self.value = value
        self.currentHistoryToken = currentHistoryToken
        super.init()
    }
}
