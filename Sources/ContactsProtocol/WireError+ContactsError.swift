import ContactsModel
import Foundation

extension WireError {
    /// The `CNError` an app sees for this error: the one place wire errors become public ones.
    ///
    /// Every wire error is `communicationError` (1): whichever side broke the protocol, the app could not
    /// talk to the contacts service, as when Apple's XPC connection fails. The debug description names the
    /// wire code and message, which hold no contact data.
    package var contactsError: CNError {
        CNError(
            .communicationError,
            userInfo: [NSDebugDescriptionErrorKey: "contactsd protocol: \(code): \(message)"]
        )
    }
}
