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
        return [calendar, field(components.era), field(components.year), field(components.month), field(components.day), leap]
            .joined(separator: ";")
    }

    package static func decode(_ text: String) -> DateComponents {
        // The fields are found in place: splitting into an array of strings was three quarters of decoding,
        // and a third of the contacts a search returns carry a birthday.
        var fields: [Substring] = []
        fields.reserveCapacity(6)
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: ";") {
                fields.append(text[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        fields.append(text[start..<utf8.endIndex])
        var components = DateComponents()
        guard fields.count == 6 else { return components }
        if let identifier = CalendarIdentifierName.identifier(named: String(fields[0])) {
            components.calendar = Calendar(identifier: identifier)
        }
        components.era = Int(fields[1])
        components.year = Int(fields[2])
        components.month = Int(fields[3])
        components.day = Int(fields[4])
        if !fields[5].isEmpty { components.isLeapMonth = fields[5] == "1" }
        return components
    }
}
