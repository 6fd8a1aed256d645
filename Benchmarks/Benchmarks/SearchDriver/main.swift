import ContactsSampleData
import ContactsSystem
import Foundation

// Issue 17, item 4: does a name search pay for its hits what an enumeration pays per contact, with the same keys?
//   swift run -c release SearchDriver [contacts] [rounds]
// Imports the realistic address book into a fresh store, then times an enumeration of every contact and the
// realistic 3-letter name-prefix queries, all keys but the image (KEYS=names: given and family names alone),
// and prints microseconds per contact and per hit.
let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("search-driver-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: directory) }
let store = CNContactStore(url: directory.appendingPathComponent("Contacts.sqlite"))
var book = RealisticAddressBook()
_ = try store.importVCards(data: Data(book.vCards(count).utf8))
let allKeys: [any CNKeyDescriptor] = [
    CNContactTypeKey, CNContactNamePrefixKey, CNContactGivenNameKey, CNContactMiddleNameKey, CNContactFamilyNameKey,
    CNContactPreviousFamilyNameKey, CNContactNameSuffixKey, CNContactNicknameKey, CNContactPhoneticGivenNameKey,
    CNContactPhoneticMiddleNameKey, CNContactPhoneticFamilyNameKey, CNContactPhoneticOrganizationNameKey,
    CNContactOrganizationNameKey, CNContactDepartmentNameKey, CNContactJobTitleKey, CNContactBirthdayKey,
    CNContactNoteKey, CNContactImageDataAvailableKey, CNContactPhoneNumbersKey, CNContactEmailAddressesKey,
    CNContactPostalAddressesKey, CNContactDatesKey, CNContactUrlAddressesKey, CNContactRelationsKey,
    CNContactSocialProfilesKey, CNContactInstantMessageAddressesKey,
].map { $0 as CNKeyDescriptor }
// KEYS=names times the search with the given and family names alone (the floor's given+family row).
let keys =
    ProcessInfo.processInfo.environment["KEYS"] == "names"
    ? [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor } : allKeys
let clock = ContinuousClock()
func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}
let mode = arguments.count > 3 ? arguments[3] : "both"
var enumerated = 0
var enumerateTime = Duration.zero
if mode != "search" {
    for _ in 0..<rounds {
        enumerateTime += try clock.measure {
            try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: keys)) { _, _ in enumerated += 1 }
        }
    }
    print(
        String(
            format: "enumerate: %.1f µs a contact (%d contacts)", microseconds(enumerateTime) / Double(enumerated),
            enumerated / rounds))
}
if mode != "enumerate" {
    var hits = 0
    var searchTime = Duration.zero
    for _ in 0..<rounds {
        for query in RealisticAddressBook.namePrefixQueries {
            searchTime += try clock.measure {
                hits += try store.unifiedContacts(
                    matching: CNContact.predicateForContacts(matchingName: query), keysToFetch: keys
                ).count
            }
        }
    }
    print(
        String(
            format: "search: %.1f µs a hit (%d hits a round, %d queries)", microseconds(searchTime) / Double(hits),
            hits / rounds, RealisticAddressBook.namePrefixQueries.count))
}
