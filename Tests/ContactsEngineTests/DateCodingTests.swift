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
            var components = DateComponents(
                calendar: Calendar(identifier: .chinese), era: 78, year: 41, month: 4, day: 15)
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

    /// The numbers are read from the stored bytes as `Int(_:)` reads them, whatever another program wrote:
    /// signs, leading zeros, more digits than fit, and other characters; the 19-digit ones go through `Int(_:)`.
    @Test(arguments: [
        "+7", "-3", "007", "0", "12345678901234567", "123456789012345678", "1234567890123456789",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1a", "٣", " 1", "1 ", "-", "+", "1.5",
    ])
    func numbersAreReadAsIntReadsThem(number: String) {
        let decoded = DateCoding.decode("gregorian;\(number);\(number);\(number);\(number);1")
        // As date components keep the number (Int.max is their "undefined", kept as nil).
        let expected = DateComponents(era: Int(number), year: Int(number), month: Int(number), day: Int(number))
        #expect(decoded.era == expected.era)
        #expect(decoded.year == expected.year)
        #expect(decoded.month == expected.month)
        #expect(decoded.day == expected.day)
        #expect(decoded.calendar?.identifier == .gregorian)
        #expect(decoded.isLeapMonth == true)
    }

    /// A stored date's bytes decode as their text does, invalid UTF-8 included (a birthday column is decoded from
    /// its bytes without a string made first): the bytes split where the repaired text does, and no field reads a
    /// replacement character.
    @Test(
        arguments: [
            Array("gregorian;;1984;2;29;".utf8), [0xFF] + Array(";;1984;2;29;".utf8),
            Array(";;19".utf8) + [0xC3] + Array(";2;29;1".utf8),
            Array(";;1984;2;29;".utf8) + [0xE2, 0x82],
            Array(";;".utf8) + [0xF0, 0x9F, 0x99, 0x82] + Array(";1;2;".utf8) + [0x31, 0x80],
            Array("hebrew;1;5784;6;1;1".utf8), [],
        ] as [[UInt8]])
    func bytesDecodeAsTheirText(bytes: [UInt8]) {
        let fromBytes = bytes.withUnsafeBufferPointer { DateCoding.decode(utf8: $0) }
        #expect(fromBytes == DateCoding.decode(String(decoding: bytes, as: UTF8.self)))
    }

    /// A leap flag is true for "1" alone; an empty calendar name names no calendar, an unknown one neither.
    @Test func leapFlagAndCalendarNameAreReadFromTheirBytes() {
        #expect(DateCoding.decode(";;;;;0").isLeapMonth == false)
        #expect(DateCoding.decode(";;;;;11").isLeapMonth == false)
        #expect(DateCoding.decode(";;;;;1").isLeapMonth == true)
        #expect(DateCoding.decode(";;2001;;;").calendar == nil)
        #expect(DateCoding.decode("gregorián;;2001;;;").calendar == nil)
        #expect(DateCoding.decode("hebrew;;5784;6;1;").calendar?.identifier == .hebrew)
    }
}
