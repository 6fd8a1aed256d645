import ContactsFormatting
import ContactsModel
import Foundation
import Testing

/// The class methods use the settings of the person running the process; each test sets them in its own
/// child process, with no settings file, so tests running in parallel never see each other's environment.
@Suite struct PersonSettingsTests {
    @Test func americanPersonSeesGivenNameFirstAndNoCountryLine() async {
        await #expect(processExitsWith: .success) {
            setenv("XDG_CONFIG_HOME", "/nonexistent/contacts-tests", 1)
            setenv("LC_ALL", "en_US.UTF-8", 1)
            let contact = CNMutableContact()
            contact.givenName = "John"
            contact.familyName = "Appleseed"
            let address = CNMutablePostalAddress()
            address.street = "One Apple Park Way"
            address.city = "Cupertino"
            address.state = "CA"
            address.postalCode = "95014"
            address.isoCountryCode = "us"
            guard CNContactFormatter.string(from: contact, style: .fullName) == "John Appleseed",
                CNContactFormatter.nameOrder(for: contact) == .givenNameFirst,
                CNContactFormatter().string(from: contact) == "John Appleseed",
                CNPostalAddressFormatter.string(from: address, style: .mailingAddress)
                    == "One Apple Park Way\nCupertino CA 95014"
            else { exit(1) }
        }
    }

    @Test func japanesePersonSeesFamilyNameFirstAndForeignCountries() async {
        await #expect(processExitsWith: .success) {
            setenv("XDG_CONFIG_HOME", "/nonexistent/contacts-tests", 1)
            setenv("LC_ALL", "ja_JP.UTF-8", 1)
            let contact = CNMutableContact()
            contact.givenName = "John"
            contact.familyName = "Appleseed"
            let address = CNMutablePostalAddress()
            address.street = "One Apple Park Way"
            address.city = "Cupertino"
            address.state = "CA"
            address.postalCode = "95014"
            address.isoCountryCode = "us"
            guard CNContactFormatter.string(from: contact, style: .fullName) == "Appleseed John",
                CNContactFormatter.nameOrder(for: contact) == .familyNameFirst,
                CNPostalAddressFormatter.string(from: address, style: .mailingAddress)
                    == "One Apple Park Way\nCupertino CA 95014\nアメリカ合衆国"
            else { exit(1) }
        }
    }
}
