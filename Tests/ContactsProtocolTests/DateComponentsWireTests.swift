import ContactsModel
import ContactsProtocol
import Foundation
import Testing

@Suite struct DateComponentsWireTests {
    /// Dates a contact may hold, and some it may not, which must reach the daemon's validation unchanged.
    static let samples: [DateComponents] = {
        var leap = DateComponents(calendar: Calendar(identifier: .chinese), year: 41, month: 4, day: 2)
        leap.isLeapMonth = true
        var notLeap = leap
        notLeap.isLeapMonth = false
        var withEra = DateComponents(calendar: Calendar(identifier: .japanese), era: 236, year: 5, month: 3, day: 9)
        withEra.isLeapMonth = nil
        var withTime = DateComponents(year: 1990, month: 2, day: 3, hour: 4, minute: 5, second: 6, nanosecond: 7)
        withTime.weekday = 2
        withTime.weekdayOrdinal = 1
        withTime.quarter = 1
        withTime.weekOfMonth = 1
        withTime.weekOfYear = 5
        withTime.yearForWeekOfYear = 1990
        withTime.dayOfYear = 34
        let withTimeZone = DateComponents(timeZone: TimeZone(identifier: "Europe/Paris"), month: 1, day: 1)
        return [
            DateComponents(),
            DateComponents(month: 6, day: 21),
            DateComponents(calendar: Calendar(identifier: .gregorian), year: 1988, month: 4, day: 1),
            DateComponents(calendar: Calendar(identifier: .hebrew), year: 5748, month: 7, day: 14),
            DateComponents(year: -44, month: 3, day: 15),
            DateComponents(year: Int(Int32.max) + 1, month: 1, day: 1),
            leap, notLeap, withEra, withTime, withTimeZone,
        ]
    }()

    @Test(arguments: samples)
    func dateComponentsSurviveTheWire(_ components: DateComponents) throws {
        let message = try WireRoundTrip.binary(Contacts_V1_DateComponents(components))
        let copy = try DateComponents(wire: message)
        #expect(copy == components)
        #expect(copy.isLeapMonth == components.isLeapMonth)
        #expect(copy.calendar?.identifier == components.calendar?.identifier)
    }

    @Test func unsetComponentsAreAbsentNotZero() {
        let message = Contacts_V1_DateComponents(DateComponents(month: 6, day: 21))
        #expect(message.calendar == "")
        #expect(!message.hasYear)
        #expect(!message.hasEra)
        #expect(!message.hasIsLeapMonth)
        #expect(!message.hasTimeZone)
        #expect(message.hasMonth && message.month == 6)
    }

    @Test func calendarsCrossByTheirStableNames() {
        let message = Contacts_V1_DateComponents(DateComponents(calendar: Calendar(identifier: .islamicCivil), day: 1))
        #expect(message.calendar == "islamicCivil")
    }

    @Test func labeledDatesKeepTheirComponents() throws {
        var storage = ContactStorage(identifier: "A:ABPerson", fetchedKeys: ContactKeySet([.dates, .birthday]))
        let components = NSDateComponents()
        components.year = 2001
        components.month = 9
        components.day = 11
        components.hour = 8
        storage.dates = [CNLabeledValue(identifier: "D1", label: CNLabelDateAnniversary, value: components)]
        storage.birthday = nil
        let copy = try WireRoundTrip.storage(storage)
        #expect(copy.dates.first?.value.year == 2001)
        #expect(copy.dates.first?.value.hour == 8)
        #expect(copy.dates.first?.identifier == "D1")
        #expect(copy.birthday == nil)
    }

    @Test(arguments: [("julian", ""), ("", "Not/AZone")])
    func unknownCalendarsAndTimeZonesAreMalformed(calendar: String, timeZone: String) throws {
        var message = Contacts_V1_DateComponents()
        message.calendar = calendar
        if !timeZone.isEmpty { message.timeZone = timeZone }
        let error = #expect(throws: WireError.self) { try DateComponents(wire: message) }
        #expect(error?.code == .malformedMessage)
    }
}
