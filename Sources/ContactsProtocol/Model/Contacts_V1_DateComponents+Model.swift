import ContactsModel
import Foundation

extension Contacts_V1_DateComponents {
    /// The components a message carries as numbers, in field order; the calendar, the leap-month flag and the
    /// time zone are fields of their own.
    fileprivate static let numberedComponents: [Calendar.Component] = [
        .era, .year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday, .weekdayOrdinal, .quarter,
        .weekOfMonth, .weekOfYear, .yearForWeekOfYear, .dayOfYear,
    ]

    /// The message for date components: every set component, the calendar by name and the time zone by
    /// identifier.
    ///
    /// Components a contact date may not hold (hours, time zones) are sent too, so the daemon's validation
    /// rejects them as an embedded store would rather than the wire dropping them.
    package init(_ components: DateComponents) {
        self.init()
        if let calendar = components.calendar {
            self.calendar = CalendarIdentifierName.name(of: calendar.identifier)
        }
        for component in Self.numberedComponents {
            // NSDateComponents reports an unset component as NSDateComponentUndefined rather than nil.
            if let value = components.value(for: component), value != NSDateComponentUndefined {
                setValue(Int64(value), for: component)
            }
        }
        if let isLeapMonth = components.isLeapMonth {
            self.isLeapMonth = isLeapMonth
        }
        if let timeZone = components.timeZone {
            self.timeZone = timeZone.identifier
        }
    }

    private mutating func setValue(_ value: Int64, for component: Calendar.Component) {
        switch component {
        case .era: era = value
        case .year: year = value
        case .month: month = value
        case .day: day = value
        case .hour: hour = value
        case .minute: minute = value
        case .second: second = value
        case .nanosecond: nanosecond = value
        case .weekday: weekday = value
        case .weekdayOrdinal: weekdayOrdinal = value
        case .quarter: quarter = value
        case .weekOfMonth: weekOfMonth = value
        case .weekOfYear: weekOfYear = value
        case .yearForWeekOfYear: yearForWeekOfYear = value
        case .dayOfYear: dayOfYear = value
        default: break
        }
    }

    /// The value of a numbered component, or nil when the message leaves it unset.
    fileprivate func value(for component: Calendar.Component) -> Int64? {
        switch component {
        case .era: hasEra ? era : nil
        case .year: hasYear ? year : nil
        case .month: hasMonth ? month : nil
        case .day: hasDay ? day : nil
        case .hour: hasHour ? hour : nil
        case .minute: hasMinute ? minute : nil
        case .second: hasSecond ? second : nil
        case .nanosecond: hasNanosecond ? nanosecond : nil
        case .weekday: hasWeekday ? weekday : nil
        case .weekdayOrdinal: hasWeekdayOrdinal ? weekdayOrdinal : nil
        case .quarter: hasQuarter ? quarter : nil
        case .weekOfMonth: hasWeekOfMonth ? weekOfMonth : nil
        case .weekOfYear: hasWeekOfYear ? weekOfYear : nil
        case .yearForWeekOfYear: hasYearForWeekOfYear ? yearForWeekOfYear : nil
        case .dayOfYear: hasDayOfYear ? dayOfYear : nil
        default: nil
        }
    }
}

extension DateComponents {
    /// The date components a message describes.
    ///
    /// - Parameter message: A birthday or a labeled date's value.
    /// - Throws: `WireError.malformedMessage` for a calendar name or time zone identifier this build does not
    ///   know, or a component that does not fit in an `Int`.
    package init(wire message: Contacts_V1_DateComponents) throws(WireError) {
        self.init()
        if !message.calendar.isEmpty {
            guard let identifier = CalendarIdentifierName.identifier(named: message.calendar) else {
                throw WireError(.malformedMessage, "DateComponents.calendar is not a known calendar name")
            }
            calendar = Calendar(identifier: identifier)
        }
        for component in Contacts_V1_DateComponents.numberedComponents {
            guard let value = message.value(for: component) else { continue }
            guard let number = Int(exactly: value) else {
                throw WireError(.malformedMessage, "DateComponents.\(component) does not fit in an Int")
            }
            setValue(number, for: component)
        }
        if message.hasIsLeapMonth {
            isLeapMonth = message.isLeapMonth
        }
        if message.hasTimeZone {
            guard let timeZone = TimeZone(identifier: message.timeZone) else {
                throw WireError(.malformedMessage, "DateComponents.time_zone is not a known time zone identifier")
            }
            self.timeZone = timeZone
        }
    }
}
