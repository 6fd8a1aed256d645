import Foundation

/// Finds the region a phone number belongs to.
package enum PhoneNumberRegion {
    /// The ISO region of a number: from its country calling code when it is international, otherwise the
    /// default region of the person's settings.
    package static func region(ofNumber number: String) -> String {
        // TODO(#3): use the phone-number metadata tables once they land.
        CNContactsUserDefaults.shared().countryCode
    }
}
