import ContactsModel
import Foundation

/// Realistic generated contacts: hundreds of names from many languages at Zipf-like frequencies
/// (``GeneratedNames``), so name searches see a realistic spread of result sizes; one to three phone numbers,
/// one or two e-mail addresses, an address, an organization for most and a birthday for a third.
///
/// The same seed gives the same contacts, so benchmarks and reliability tests are repeatable. The tests and the
/// Benchmarks package share this one generator (it is a library product for that reason).
public struct GeneratedContacts: Sendable {
    private static let givenNames = GeneratedNames.given
    private static let familyNames = GeneratedNames.family
    private static let givenWeights = GeneratedNames.cumulativeWeights(count: GeneratedNames.given.count)
    private static let familyWeights = GeneratedNames.cumulativeWeights(count: GeneratedNames.family.count)
    private static let cities = ["Paris", "Berlin", "São Paulo", "Tokyo", "Lagos", "Toronto", "Kraków", "Mumbai"]
    private static let organizations = ["Acme", "Globex", "Initech", "Umbrella", "Stark", "Wayne", ""]

    private var state: UInt64

    /// Creates a generator with a seed.
    public init(seed: UInt64 = 42) {
        self.state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    private mutating func next() -> UInt64 {
        // SplitMix64: small, fast and good enough for test data.
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[Int(next() % UInt64(values.count))]
    }

    /// A name drawn with the Zipf-like weights: binary search of a uniform draw in the cumulative weights.
    private mutating func pickZipf(_ values: [String], weights: [Double]) -> String {
        let total = weights[weights.count - 1]
        let draw = Double(next() % 1_000_000_007) / 1_000_000_007 * total
        var low = 0
        var high = weights.count - 1
        while low < high {
            let middle = (low + high) / 2
            if weights[middle] <= draw { low = middle + 1 } else { high = middle }
        }
        return values[low]
    }

    /// The next contact; `index` makes phone numbers and e-mail addresses unique.
    public mutating func contact(index: Int) -> CNMutableContact {
        let contact = CNMutableContact()
        contact.givenName = pickZipf(Self.givenNames, weights: Self.givenWeights)
        contact.familyName = pickZipf(Self.familyNames, weights: Self.familyWeights)
        contact.organizationName = pick(Self.organizations)
        if next() % 4 == 0 { contact.jobTitle = "Engineer" }
        let phoneCount = 1 + Int(next() % 3)
        contact.phoneNumbers = (0..<phoneCount).map { offset in
            let digits = String(format: "%07d", (index * 3 + offset) % 10_000_000)
            let label = [CNLabelPhoneNumberMobile, CNLabelHome, CNLabelWork][offset]
            return CNLabeledValue(
                label: label, value: CNPhoneNumber(stringValue: "+1 (415) \(digits.prefix(3))-\(digits.suffix(4))"))
        }
        let emailCount = 1 + Int(next() % 2)
        contact.emailAddresses = (0..<emailCount).map { offset in
            CNLabeledValue(
                label: offset == 0 ? CNLabelHome : CNLabelWork,
                value: "person\(index).\(offset)@example.com" as NSString)
        }
        let address = CNMutablePostalAddress()
        address.street = "\(1 + next() % 200) Main Street"
        address.city = pick(Self.cities)
        address.postalCode = String(10_000 + next() % 89_999)
        address.isoCountryCode = "us"
        contact.postalAddresses = [CNLabeledValue(label: CNLabelHome, value: address)]
        if next() % 3 == 0 {
            contact.birthday = DateComponents(
                year: 1950 + Int(next() % 50), month: 1 + Int(next() % 12), day: 1 + Int(next() % 28))
        }
        return contact
    }

    /// `count` contacts starting at index `start`.
    public mutating func contacts(_ count: Int, start: Int = 0) -> [CNMutableContact] {
        (start..<(start + count)).map { contact(index: $0) }
    }
}
