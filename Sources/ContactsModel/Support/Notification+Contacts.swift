import Foundation

extension Notification.Name {
    /// Posted on `NotificationCenter.default` after the contact store changed: after each successful save in
    /// this process, and when another process changed the same store file.
    ///
    /// Treat every cached `CNContact`, `CNGroup` and `CNContainer` as stale and fetch again, or fetch the
    /// change history since the last token.
    ///
    /// Parity: full. The string value is Apple's, `"CNContactStoreDidChangeNotification"`.
    public static let CNContactStoreDidChange = Notification.Name("CNContactStoreDidChangeNotification")
}
