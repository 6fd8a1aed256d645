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
        let fields = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        var components = DateComponents()
        guard fields.count == 6 else { return components }
        if let identifier = CalendarIdentifierName.identifier(named: fields[0]) {
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
