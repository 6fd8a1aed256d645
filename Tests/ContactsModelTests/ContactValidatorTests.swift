import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct ContactValidatorTests {
    static let gregorian = Calendar(identifier: .gregorian)
    static let hebrew = Calendar(identifier: .hebrew)

    @Test func fullSampleContactIsValid() {
        #expect(ContactValidator.validate(ModelSamples.fullContact()) == nil)
        #expect(ContactValidator.validate(CNMutableContact()) == nil)
    }

    @Test(arguments: [
        DateComponents(month: 4, day: 1),
        DateComponents(year: 1988, month: 4, day: 1),
        DateComponents(calendar: gregorian, year: 1988, month: 2, day: 29),
        DateComponents(calendar: gregorian, era: 1, month: 12, day: 31),
    ])
    func validBirthdaysPass(birthday: DateComponents) {
        let contact = CNMutableContact()
        contact.birthday = birthday
        #expect(ContactValidator.validate(contact) == nil)
    }

    @Test(arguments: [
        (DateComponents(year: 1988, month: 4), ["birthday.day"]),
        (DateComponents(year: 1988, day: 1), ["birthday.month"]),
        (DateComponents(year: 1988), ["birthday.day", "birthday.month"]),
        (DateComponents(month: 4, day: 1, hour: 9), ["birthday.hour"]),
        (DateComponents(month: 4, day: 1, minute: 1, second: 2), ["birthday.minute", "birthday.second"]),
        (DateComponents(month: 4, day: 1, weekday: 2), ["birthday.weekday"]),
        (DateComponents(month: 4, day: 1, weekOfYear: 2), ["birthday.weekOfYear"]),
        (DateComponents(timeZone: TimeZone(identifier: "UTC"), month: 4, day: 1), ["birthday.timeZone"]),
        (DateComponents(calendar: hebrew, month: 4, day: 1), ["birthday.calendar"]),
        (DateComponents(month: 13, day: 1), ["birthday.month"]),
        (DateComponents(month: 4, day: 32), ["birthday.day"]),
        (DateComponents(month: 0, day: 0), ["birthday.day", "birthday.month"]),
    ])
    func invalidBirthdayGivesConfigurationErrorWithKeyPaths(birthday: DateComponents, keyPaths: [String]) throws {
        let contact = CNMutableContact()
        contact.birthday = birthday
        let error = try #require(ContactValidator.validate(contact))
        #expect(error.code == .validationConfigurationError)
        #expect(error.keyPaths == keyPaths)
        #expect(error.affectedRecordIdentifiers == [contact.identifier])
        #expect(error.affectedRecords?.first === contact)
    }

    @Test func gregorianBirthdayIsNeverALeapMonth() throws {
        let contact = CNMutableContact()
        var birthday = DateComponents(month: 4, day: 1)
        birthday.isLeapMonth = true
        contact.birthday = birthday
        #expect(ContactValidator.validate(contact)?.keyPaths == ["birthday.isLeapMonth"])
        birthday.isLeapMonth = false
        contact.birthday = birthday
        #expect(ContactValidator.validate(contact) == nil)
    }

    @Test(arguments: [Calendar.Identifier.hebrew, .chinese, .islamic, .islamicUmmAlQura, .persian, .dangi])
    func nonGregorianBirthdayInAnotherCalendarPasses(calendar: Calendar.Identifier) {
        let contact = CNMutableContact()
        var birthday = DateComponents(calendar: Calendar(identifier: calendar), month: 3, day: 9)
        birthday.isLeapMonth = calendar == .chinese
        contact.nonGregorianBirthday = birthday
        #expect(ContactValidator.validate(contact) == nil)
    }

    @Test func hebrewBirthdayMayBeInTheThirteenthMonth() {
        let contact = CNMutableContact()
        contact.nonGregorianBirthday = DateComponents(calendar: Self.hebrew, month: 13, day: 1)
        #expect(ContactValidator.validate(contact) == nil)
    }

    @Test(arguments: [
        (DateComponents(month: 3, day: 9), ["nonGregorianBirthday.calendar"]),
        (DateComponents(calendar: gregorian, month: 3, day: 9), ["nonGregorianBirthday.calendar"]),
        (DateComponents(calendar: Calendar(identifier: .iso8601), month: 3, day: 9), ["nonGregorianBirthday.calendar"]),
        (DateComponents(calendar: hebrew, month: 3), ["nonGregorianBirthday.day"]),
        (DateComponents(calendar: hebrew, month: 3, day: 9, hour: 1), ["nonGregorianBirthday.hour"]),
    ])
    func invalidNonGregorianBirthdayGivesConfigurationError(birthday: DateComponents, keyPaths: [String]) {
        let contact = CNMutableContact()
        contact.nonGregorianBirthday = birthday
        let error = ContactValidator.validate(contact)
        #expect(error?.code == .validationConfigurationError)
        #expect(error?.keyPaths == keyPaths)
    }

    @Test func datesFollowTheBirthdayRulesWithIndexedKeyPaths() {
        let contact = CNMutableContact()
        let valid = ModelSamples.anniversary()
        let invalid = NSDateComponents()
        invalid.year = 2000
        invalid.month = 1
        invalid.hour = 3
        contact.dates = [CNLabeledValue(label: nil, value: valid), CNLabeledValue(label: CNLabelOther, value: invalid)]
        let error = ContactValidator.validate(contact)
        #expect(error?.code == .validationConfigurationError)
        #expect(error?.keyPaths == ["dates[1].day", "dates[1].hour"])
    }

    @Test func severalConfigurationErrorsCollapseIntoOne() {
        let contact = CNMutableContact()
        contact.birthday = DateComponents(month: 4)
        contact.nonGregorianBirthday = DateComponents(month: 4, day: 1)
        let error = ContactValidator.validate(contact)
        #expect(error?.code == .validationConfigurationError)
        #expect(error?.keyPaths == ["birthday.day", "nonGregorianBirthday.calendar"])
        #expect(error?.validationErrors == nil)
    }

    @Test func unfetchedDatesAreNotValidated() {
        var storage = ContactStorage(identifier: "a", fetchedKeys: .identifierOnly)
        storage.birthday = DateComponents(year: 1)
        #expect(ContactValidator.validate(CNContact(storage: storage)) == nil)
    }

    @Test func combineOfNothingIsNil() {
        #expect(ContactValidator.combine([]) == nil)
    }

    @Test func combineOfDifferentCodesGivesMultipleErrorsHoldingEach() throws {
        let mismatch = CNError(.validationTypeMismatch, userInfo: [CNErrorUserInfoKeyPathsKey: ["note"]])
        let configuration = CNError(
            .validationConfigurationError, userInfo: [CNErrorUserInfoKeyPathsKey: ["birthday.day"]])
        let group = CNGroup()
        let error = try #require(ContactValidator.combine([mismatch, configuration], record: group))
        #expect(error.code == .validationMultipleErrors)
        #expect(error.validationErrors?.map(\.code) == [.validationTypeMismatch, .validationConfigurationError])
        #expect(error.keyPaths == ["note", "birthday.day"])
        #expect(error.affectedRecords?.first === group)
        #expect(error.affectedRecordIdentifiers == nil)
        let bridged = (error as NSError).userInfo[CNErrorUserInfoValidationErrorsKey] as? [NSError]
        #expect(bridged?.map(\.code) == [301, 302])
        #expect(bridged?.allSatisfy { $0.domain == CNErrorDomain } == true)
    }

    @Test func combineOfSameCodesMergesKeyPaths() {
        let first = CNError(.validationTypeMismatch, userInfo: [CNErrorUserInfoKeyPathsKey: ["a"]])
        let second = CNError(.validationTypeMismatch, userInfo: [CNErrorUserInfoKeyPathsKey: ["b"]])
        let error = ContactValidator.combine([first, second])
        #expect(error?.code == .validationTypeMismatch)
        #expect(error?.keyPaths == ["a", "b"])
    }
}
