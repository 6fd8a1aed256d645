import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsCLI

/// `show --json` prints every string field of a contact exactly as the store holds it: U+0000, line breaks,
/// control characters, normalization forms and long text included, all as JSON escapes or as they are.
@Suite struct JSONStringFidelityTests {
    /// The field's text in a contact's JSON object; the first labeled value of a list.
    private static func text(of field: ContactStringField, in json: ContactJSON) -> String? {
        let parts = field.name.split(separator: ".").map(String.init)
        guard parts.count == 2 else { return scalarText(of: field.name, in: json) }
        let (list, part) = (parts[0], parts[1])
        switch list {
        case "phoneNumbers": return labeledText(json.phoneNumbers.first, part)
        case "emailAddresses": return labeledText(json.emailAddresses.first, part)
        case "urlAddresses": return labeledText(json.urlAddresses.first, part)
        case "contactRelations": return labeledText(json.contactRelations.first, part)
        case "dates": return labeledText(json.dates.first, part)
        case "postalAddresses":
            guard let address = json.postalAddresses.first else { return nil }
            let fields = [
                "label": address.label, "street": address.street, "subLocality": address.subLocality,
                "city": address.city, "subAdministrativeArea": address.subAdministrativeArea, "state": address.state,
                "postalCode": address.postalCode, "country": address.country, "isoCountryCode": address.isoCountryCode,
            ]
            return fields[part] ?? nil
        case "socialProfiles", "instantMessageAddresses":
            guard let service = (list == "socialProfiles" ? json.socialProfiles : json.instantMessageAddresses).first
            else { return nil }
            let fields = [
                "label": service.label, "urlString": service.url, "username": service.username,
                "userIdentifier": service.userIdentifier, "service": service.service,
            ]
            return fields[part] ?? nil
        default: return nil
        }
    }

    private static func labeledText(_ value: ContactJSON.LabeledText?, _ part: String) -> String? {
        part == "label" ? value?.label : value?.value
    }

    private static func scalarText(of key: String, in json: ContactJSON) -> String? {
        let fields = [
            "namePrefix": json.namePrefix, "givenName": json.givenName, "middleName": json.middleName,
            "familyName": json.familyName, "previousFamilyName": json.previousFamilyName, "nameSuffix": json.nameSuffix,
            "nickname": json.nickname, "phoneticGivenName": json.phoneticGivenName,
            "phoneticMiddleName": json.phoneticMiddleName, "phoneticFamilyName": json.phoneticFamilyName,
            "phoneticOrganizationName": json.phoneticOrganizationName, "organizationName": json.organizationName,
            "departmentName": json.departmentName, "jobTitle": json.jobTitle, "note": json.note,
        ]
        return fields[key]
    }

    /// Saves the contacts through the API into the harness's store and decodes `show --json` of them.
    private static func shown(_ contacts: [CNMutableContact], harness: CommandLineHarness) throws -> [ContactJSON] {
        #expect(try harness.contacts(["init"]).status == 0)
        let store = CNContactStore(
            configuration: ContactStoreConfiguration(url: URL(fileURLWithPath: harness.storePath)))
        try ContactFixtures.save(contacts, in: store)
        let result = try harness.contacts(["show", "--json"] + contacts.map(\.identifier))
        #expect(result.status == 0, "\(result.standardError)")
        let data = Data(result.standardOutput.utf8)
        return contacts.count == 1
            ? [try JSONDecoder().decode(ContactJSON.self, from: data)]
            : try JSONDecoder().decode([ContactJSON].self, from: data)
    }

    @Test(arguments: TextSamples.all)
    func everyStringFieldIsPrintedExactly(sample: TextSample) throws {
        let sample = sample.text
        let harness = try CommandLineHarness()
        let fields = ContactStringField.all
        let objects = try Self.shown(fields.map { $0.contact(holding: sample) }, harness: harness)
        try #require(objects.count == fields.count)
        for (field, object) in zip(fields, objects) {
            let text = Self.text(of: field, in: object)
            let exact = TextSamples.isExact(text, sample)
            #expect(exact, "\(field): \(TextSamples.escaped(text)) for \(TextSamples.escaped(sample))")
        }
    }

    @Test func megabyteNoteIsPrintedExactly() throws {
        let harness = try CommandLineHarness()
        let contact = CNMutableContact()
        contact.givenName = "Long"
        contact.note = TextSamples.megabyte
        let note = try Self.shown([contact], harness: harness).first?.note
        let exact = TextSamples.isExact(note, TextSamples.megabyte)
        #expect(exact, "\(TextSamples.escaped(note))")
    }
}
