import Benchmark
import Contacts
import Foundation

/// vCard parse and serialize on 1,000 generated cards (the DESIGN.md budgets are 80 MB/s and 100 MB/s).
/// Needs an executable target `VCardBenchmarks` (path Benchmarks/VCardBenchmarks) depending on `Contacts`
/// and `Benchmark` in Benchmarks/Package.swift.
let benchmarks: @Sendable () -> Void = {
    let contacts = sampleContacts(count: 1_000)
    let data = (try? CNContactVCardSerialization.data(with: contacts)) ?? Data()
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .instructions, .mallocCountTotal], maxDuration: .seconds(5)
    )

    Benchmark("vCard serialize 1k cards", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? CNContactVCardSerialization.data(with: contacts))
        }
    }

    Benchmark("vCard parse 1k cards", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? CNContactVCardSerialization.contacts(with: data))
        }
    }
}

/// Cards shaped like a real address book: names, two phones, two e-mail addresses, an address, a URL,
/// an organization, a birthday and sometimes a note.
private func sampleContacts(count: Int) -> [CNContact] {
    let given = ["John", "Anna", "Mei", "José", "Fatima", "Hiroshi", "Olga", "Kwame", "Zoë", "Liam"]
    let family = ["Appleseed", "Müller", "Wang", "García", "Haddad", "Tanaka", "Ivanova", "Mensah"]
    return (0..<count).map { number in
        let contact = CNMutableContact()
        contact.givenName = given[number % given.count]
        contact.familyName = family[(number / 7) % family.count]
        contact.organizationName = "ACME Inc."
        contact.jobTitle = "Engineer"
        contact.phoneNumbers = [
            CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+1 (555) 010-\(number)")),
            CNLabeledValue(label: CNLabelWork, value: CNPhoneNumber(stringValue: "+44 20 7946 \(number)")),
        ]
        contact.emailAddresses = [
            CNLabeledValue(label: CNLabelHome, value: "person\(number)@example.com" as NSString),
            CNLabeledValue(label: CNLabelWork, value: "person\(number)@work.example" as NSString),
        ]
        let address = CNMutablePostalAddress()
        address.street = "\(number % 900 + 1) Infinite Loop"
        address.city = "Cupertino"
        address.state = "CA"
        address.postalCode = "95014"
        address.isoCountryCode = "us"
        contact.postalAddresses = [CNLabeledValue(label: CNLabelHome, value: address)]
        contact.urlAddresses = [CNLabeledValue(label: CNLabelURLAddressHomePage, value: "https://example.com/\(number)" as NSString)]
        contact.birthday = DateComponents(year: 1950 + number % 50, month: number % 12 + 1, day: number % 28 + 1)
        if number % 4 == 0 { contact.note = "Met at the conference; likes coffee." }
        return contact
    }
}
