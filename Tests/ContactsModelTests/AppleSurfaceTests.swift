// Code written for Apple platforms compiles here unchanged: this file imports only `Contacts` (which brings in
// Foundation) and Testing, as an app's test target would.
import Contacts
import Testing

@Suite struct AppleSurfaceTests {
    /// The "create a contact" example of Apple's framework overview, without the UIKit image lines.
    @Test func frameworkOverviewExampleCompilesAndBuildsTheContact() {
        let contact = CNMutableContact()
        contact.givenName = "John"
        contact.familyName = "Appleseed"
        let homeEmail = CNLabeledValue(label: CNLabelHome, value: "john@example.com" as NSString)
        let workEmail = CNLabeledValue(label: CNLabelWork, value: "j.appleseed@icloud.com" as NSString)
        contact.emailAddresses = [homeEmail, workEmail]
        contact.phoneNumbers = [
            CNLabeledValue(label: CNLabelPhoneNumberiPhone, value: CNPhoneNumber(stringValue: "(408) 555-0126"))
        ]
        let homeAddress = CNMutablePostalAddress()
        homeAddress.street = "1 Infinite Loop"
        homeAddress.city = "Cupertino"
        homeAddress.state = "CA"
        homeAddress.postalCode = "95014"
        contact.postalAddresses = [CNLabeledValue(label: CNLabelHome, value: homeAddress)]
        var birthday = DateComponents()
        birthday.day = 1
        birthday.month = 4
        birthday.year = 1988
        contact.birthday = birthday

        #expect(contact.givenName == "John")
        #expect(contact.emailAddresses.map { $0.value as String } == ["john@example.com", "j.appleseed@icloud.com"])
        #expect(contact.phoneNumbers.first?.label == CNLabelPhoneNumberiPhone)
        #expect(contact.postalAddresses.first?.value.postalCode == "95014")
        #expect(contact.birthday?.year == 1988)
        #expect(contact.isKeyAvailable(CNContactBirthdayKey))
    }

    @Test func autoreleasepoolRunsTheBodyAndReturnsItsResult() throws {
        let count = autoreleasepool { () -> Int in
            (0..<3).map { _ in CNMutableContact() }.count
        }
        #expect(count == 3)
        #expect(throws: CNError.self) {
            try autoreleasepool { throw CNError(.dataAccessError) }
        }
    }

    @Test func keyConstantsWorkAsDescriptorsInBothSpellings() {
        let keys: [CNKeyDescriptor] = [CNContactGivenNameKey as CNKeyDescriptor, CNContactFamilyNameKey as NSString]
        let request = CNContactFetchRequest(keysToFetch: keys)
        #expect(request.keysToFetch.count == 2)
        #expect(CNMutableContact().areKeysAvailable(keys))
    }

    @Test func errorsAreCaughtAsOnApplePlatforms() {
        func fail() throws {
            throw CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: ["A"]])
        }
        var matched = [String]()
        do { try fail() } catch CNError.recordDoesNotExist { matched.append("static") } catch {}
        do { try fail() } catch let error as CNError where error.code == .recordDoesNotExist {
            matched.append("typed")
        } catch {}
        do { try fail() } catch let error as NSError where error.domain == CNErrorDomain && error.code == 200 {
            matched.append("nserror")
        } catch {}
        #expect(matched == ["static", "typed", "nserror"])
    }

    @Test func testDoublesCanSubclassTheOpenClasses() {
        let request = RecordingSaveRequest()
        request.add(CNMutableContact(), toContainerWithIdentifier: nil)
        #expect(request.added == 1)
        #expect(StubContact().givenName == "Stub")
        #expect(FixedPhoneNumber(stringValue: "1").value(forKey: "digits") as? String == "5550100")
        #expect(FixedPhoneNumber(stringValue: "1").stringValue == "555-0100")
        #expect(NamedRelation(name: "x").name == "Stubbed")
        #expect(LabeledStub(label: nil, value: "x" as NSString).label == "Stubbed")
    }

    @Test func contactsAreIdentifiable() {
        func identifiers<Item: Identifiable>(_ items: [Item]) -> Set<Item.ID> { Set(items.map(\.id)) }
        let contacts = [CNContact(), CNContact()]
        #expect(identifiers(contacts).count == 2)
    }
}

/// A save request that counts additions, as a test double of an app would.
private final class RecordingSaveRequest: CNSaveRequest, @unchecked Sendable {
    var added = 0

    override func add(_ contact: CNMutableContact, toContainerWithIdentifier identifier: String?) {
        added += 1
        super.add(contact, toContainerWithIdentifier: identifier)
    }
}

/// A contact with a fixed name.
private final class StubContact: CNContact, @unchecked Sendable {
    override var givenName: String { "Stub" }
}

/// A phone number whose string and digits are fixed.
private final class FixedPhoneNumber: CNPhoneNumber, @unchecked Sendable {
    override var stringValue: String { "555-0100" }

    override func value(forKey key: String) -> Any? {
        key == "digits" ? "5550100" : super.value(forKey: key)
    }
}

/// A relation whose name is fixed.
private final class NamedRelation: CNContactRelation, @unchecked Sendable {
    override var name: String { "Stubbed" }
}

/// A labeled value whose label is fixed.
private final class LabeledStub: CNLabeledValue<NSString>, @unchecked Sendable {
    override var label: String? { "Stubbed" }
}
