import ContactsModel
import Foundation

/// Deterministic sample contacts shaped like a real address book, for the vCard throughput driver, the vCard
/// benchmarks and tests: every field a vCard commonly carries, so parse and serialize figures are comparable.
public enum SampleAddressBook {
    private static let givenNames = [
        "John", "Anna", "Mei", "José", "Fatima", "Hiroshi", "Olga", "Kwame", "Zoë", "Liam",
    ]
    private static let familyNames = ["Appleseed", "Müller", "Wang", "García", "Haddad", "Tanaka", "Ivanova", "Mensah"]
    private static let companies = ["Apple", "ACME Inc.", "Globex", "Initech", "Umbrella", "Hooli"]

    /// `count` contacts with names, phones, e-mail, an address, an organization, a birthday and a note.
    public static func make(count: Int) -> [CNMutableContact] {
        (0..<count).map(contact(number:))
    }

    private static func contact(number: Int) -> CNMutableContact {
        let contact = CNMutableContact()
        let given = givenNames[number % givenNames.count]
        let family = familyNames[(number / 7) % familyNames.count]
        contact.givenName = given
        contact.familyName = family
        if number % 3 == 0 { contact.middleName = "M." }
        contact.organizationName = companies[number % companies.count]
        contact.jobTitle = number % 2 == 0 ? "Engineer" : "Sales Manager"
        contact.phoneNumbers = [
            CNLabeledValue(
                label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+1 (555) 010-\(number % 10_000)")),
            CNLabeledValue(label: CNLabelWork, value: CNPhoneNumber(stringValue: "+44 20 7946 \(number % 10_000)")),
        ]
        contact.emailAddresses = [
            CNLabeledValue(label: CNLabelHome, value: "\(given.lowercased()).\(number)@example.com" as NSString),
            CNLabeledValue(label: CNLabelWork, value: "\(family.lowercased())\(number)@work.example" as NSString),
        ]
        let address = CNMutablePostalAddress()
        address.street = "\(number % 900 + 1) Infinite Loop"
        address.city = "Cupertino"
        address.state = "CA"
        address.postalCode = "95014"
        address.country = "United States"
        address.isoCountryCode = "us"
        contact.postalAddresses = [CNLabeledValue(label: CNLabelHome, value: address)]
        contact.urlAddresses = [
            CNLabeledValue(label: CNLabelURLAddressHomePage, value: "https://example.com/\(number)" as NSString)
        ]
        contact.birthday = DateComponents(
            year: number % 5 == 0 ? nil : 1950 + number % 50, month: number % 12 + 1, day: number % 28 + 1)
        if number % 4 == 0 {
            contact.note = "Met at the conference, follow up about the project; likes coffee."
        }
        return contact
    }
}
