import ContactsSampleData
import ContactsSystem
import Foundation

// Issue 17, item 3: do the reads a save's index layout serves get slower? Times them on a store FillDriver left.
//   swift run -c release ReadDriver DIRECTORY [rounds]
// DIRECTORY holds a store filled by `FillDriver <n> 500 DIRECTORY` (GeneratedContacts, seed 17). Times, in µs
// (p50 / p90 over `rounds` rounds): a name-prefix search (3 letters of 50 stored given and family names, given and
// family keys), a phone lookup (50 stored numbers, as entered), a sorted enumeration of every contact (given and
// family keys, by given name and by family name) and the first screenful of one (the first 50 contacts).
let arguments = CommandLine.arguments
guard arguments.count > 1 else {
    print("usage: ReadDriver DIRECTORY [rounds]")
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1])
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let store = CNContactStore(url: directory.appendingPathComponent("Contacts.sqlite"))
let keys = [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }
var stored = 0
try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { _, _ in stored += 1 }
// The same contacts FillDriver saved: every stored/50-th one gives a name prefix and a number.
var generator = GeneratedContacts(seed: 17)
let step = max(1, stored / 50)
var prefixes: [String] = []
var numbers: [String] = []
for index in stride(from: 0, to: stored, by: step).prefix(50) {
    let contact = generator.contact(index: index)
    let name = index % 2 == 0 ? contact.givenName : contact.familyName
    prefixes.append(String(name.prefix(3)))
    if let number = contact.phoneNumbers.first?.value.stringValue { numbers.append(number) }
}
let clock = ContinuousClock()
func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}
func report(_ label: String, _ samples: [Double], _ detail: String) {
    let sorted = samples.sorted()
    func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] }
    print(String(format: "%-34@ p50 %10.1f  p90 %10.1f  (%@)", label as NSString, at(0.5), at(0.9), detail as NSString))
}
var nameTimes: [Double] = []
var hits = 0
var phoneTimes: [Double] = []
var phoneHits = 0
for _ in 0..<rounds {
    for prefix in prefixes {
        let duration = try clock.measure {
            hits += try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: prefix), keysToFetch: keys
            ).count
        }
        nameTimes.append(microseconds(duration))
    }
    for number in numbers {
        let duration = try clock.measure {
            phoneHits += try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: number)),
                keysToFetch: keys
            ).count
        }
        phoneTimes.append(microseconds(duration))
    }
}
report("name prefix, per query", nameTimes, "\(hits / rounds) hits a round, \(prefixes.count) queries")
report("phone lookup, per query", phoneTimes, "\(phoneHits / rounds) hits a round, \(numbers.count) queries")
for order in [CNContactSortOrder.givenName, .familyName] {
    var whole: [Double] = []
    var first: [Double] = []
    var count = 0
    for _ in 0..<rounds {
        let request = CNContactFetchRequest(keysToFetch: keys)
        request.sortOrder = order
        count = 0
        whole.append(
            microseconds(try clock.measure { try store.enumerateContacts(with: request) { _, _ in count += 1 } }))
        var seen = 0
        first.append(
            microseconds(
                try clock.measure {
                    try store.enumerateContacts(with: request) { _, stop in
                        seen += 1
                        if seen == 50 { stop.pointee = true }
                    }
                }))
    }
    let name = order == .givenName ? "given" : "family"
    report("sorted enumeration (\(name)), whole", whole, "\(count) contacts")
    report("sorted enumeration (\(name)), first 50", first, "stops after 50")
}
