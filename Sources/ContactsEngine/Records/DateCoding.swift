import ContactsModel
import Foundation

/// Stores date components as text: "calendar;era;year;month;day;leap", empty fields for missing ones.
///
/// Only the components a contact date may hold are kept; validation rejects the others before a save.
package enum DateCoding {
    package static func encode(_ components: DateComponents) -> String {
        func field(_ value: Int?) -> String {
            guard let value, value != NSDateComponentUndefined else { return "" }
            return String(value)
        }
        let calendar = components.calendar.map { CalendarIdentifierName.name(of: $0.identifier) } ?? ""
        let leap = components.isLeapMonth.map { $0 ? "1" : "0" } ?? ""
        return [
            calendar, field(components.era), field(components.year), field(components.month), field(components.day),
            leap,
        ]
        .joined(separator: ";")
    }

    package static func decode(_ text: String) -> DateComponents {
        var text = text
        return text.withUTF8(decode(utf8:))
    }

    /// Decodes the bytes of a stored date as ``decode(_:)`` decodes their text, which must be the bytes' UTF-8
    /// decoding: bytes that are not valid UTF-8 would decode as the replacement character, which no field reads.
    ///
    /// The fields are found in place and their numbers read from the bytes: splitting into strings cost three
    /// quarters of decoding, and then looking up an empty calendar name and reading each number from a
    /// substring were most of the 4,700 instructions a birthday cost (callgrind), which a quarter of a
    /// realistic search's hits carry.
    static func decode(utf8 bytes: UnsafeBufferPointer<UInt8>) -> DateComponents {
        var fields: [Range<Int>] = []
        fields.reserveCapacity(6)
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
            fields.append(start..<index)
            start = index + 1
        }
        fields.append(start..<bytes.count)
        var components = DateComponents()
        guard fields.count == 6 else { return components }
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[fields[index]])
        }
        // No calendar is stored as an empty name, which names none.
        if !fields[0].isEmpty,
            let identifier = CalendarIdentifierName.identifier(named: String(decoding: field(0), as: UTF8.self))
        {
            components.calendar = Calendar(identifier: identifier)
        }
        components.era = integer(field(1))
        components.year = integer(field(2))
        components.month = integer(field(3))
        components.day = integer(field(4))
        if !fields[5].isEmpty {
            components.isLeapMonth = fields[5].count == 1 && bytes[fields[5].lowerBound] == UInt8(ascii: "1")
        }
        return components
    }

    /// The number `Int(_:)` reads from the text of `bytes`: plain digits are read here, anything else (a sign,
    /// more digits than can overflow, other characters) by `Int(_:)` itself.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else {
            return bytes.isEmpty ? nil : Int(String(decoding: bytes, as: UTF8.self))
        }
        var value = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return Int(String(decoding: bytes, as: UTF8.self)) }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
