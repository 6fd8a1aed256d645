import ContactsModel
import Foundation
import Testing

@testable import ContactsEngine

/// Dates are stored as "calendar;era;year;month;day;leap"; decoding finds the fields in place.
@Suite struct DateCodingTests {
    private static let samples: [DateComponents] = [
        DateComponents(year: 1984, month: 2, day: 29),
        DateComponents(month: 12, day: 31),
        DateComponents(calendar: Calendar(identifier: .gregorian), year: 2001, month: 1, day: 1),
        {
            var components = DateComponents(calendar: Calendar(identifier: .chinese), era: 78, year: 41, month: 4, day: 15)
            components.isLeapMonth = true
            return components
        }(),
        {
            var components = DateComponents(calendar: Calendar(identifier: .hebrew), year: 5784, month: 6, day: 1)
            components.isLeapMonth = false
            return components
        }(),
        DateComponents(),
    ]

    @Test(arguments: samples)
    func decodingGivesBackWhatWasEncoded(components: DateComponents) {
        let text = DateCoding.encode(components)
        let decoded = DateCoding.decode(text)
        #expect(decoded.calendar?.identifier == components.calendar?.identifier)
        #expect(decoded.era == components.era)
        #expect(decoded.year == components.year)
        #expect(decoded.month == components.month)
        #expect(decoded.day == components.day)
        #expect(decoded.isLeapMonth == components.isLeapMonth)
        #expect(DateCoding.encode(decoded) == text)
    }

    @Test func textOfAnotherShapeDecodesToNothing() {
        for text in ["", ";;;;", ";;;;;;", "gregorian;;1984;2;29", "gregorian;;1984;2;29;;", "a;b;c;d;e;f;g"] {
            #expect(DateCoding.decode(text) == DateComponents())
        }
        let partial = DateCoding.decode("unknown;x;1984;;7;")
        #expect(partial.calendar == nil)
        #expect(partial.era == nil)
        #expect(partial.year == 1984)
        #expect(partial.month == nil)
        #expect(partial.day == 7)
        #expect(partial.isLeapMonth == nil)
    }
}
