import Foundation

/// The validation rules the store applies to a contact before saving it.
///
/// Birthdays and dates may hold only era, year, month, day, leap-month and calendar components; day and
/// month are required and must lie in the calendar's range; a Gregorian birthday or date has a nil or
/// Gregorian calendar and is never a leap month; a non-Gregorian birthday needs a calendar that is neither
/// Gregorian nor ISO 8601. Broken rules give `CNError.validationConfigurationError` (302) with the key
/// paths of the offending components, such as "birthday.hour" or "dates[1].day"; several different errors give
/// `validationMultipleErrors` (300) holding each, and several errors of the same code collapse into one
/// error of that code.
///
/// There is no rule for `validationTypeMismatch` (301): Swift's types already rule out every mismatch the
/// code stands for on Apple platforms (a labeled value of the wrong class, a contact type out of range).
/// ``combine(_:record:)`` still merges 301 errors that other layers report. See docs/Model.md.
package enum ContactValidator {
    /// The error for a contact that breaks the rules, or nil when it is valid.
    package static func validate(_ contact: CNContact) -> CNError? {
        combine(errors(in: contact.storage), record: contact)
    }

    /// Every rule the fetched fields break, one error per error code.
    package static func errors(in storage: ContactStorage) -> [CNError] {
        var keyPaths: [String] = []
        let keys = storage.fetchedKeys
        if keys.contains(.birthday), let birthday = storage.birthday {
            keyPaths += problems(in: birthday, keyPath: CNContactBirthdayKey, calendarRule: .gregorianOrNil)
        }
        if keys.contains(.nonGregorianBirthday), let birthday = storage.nonGregorianBirthday {
            keyPaths += problems(in: birthday, keyPath: CNContactNonGregorianBirthdayKey, calendarRule: .nonGregorian)
        }
        if keys.contains(.dates) {
            for (index, labeled) in storage.dates.enumerated() {
                let components = labeled.value as DateComponents
                keyPaths += problems(
                    in: components,
                    keyPath: "\(CNContactDatesKey)[\(index)]",
                    calendarRule: .gregorianOrNil
                )
            }
        }
        guard !keyPaths.isEmpty else { return [] }
        return [CNError(.validationConfigurationError, userInfo: [CNErrorUserInfoKeyPathsKey: keyPaths])]
    }

    /// One error for a list: nil, the error itself, errors of one code merged, or a multiple-errors error.
    ///
    /// - Parameters:
    ///   - errors: The validation errors of one record.
    ///   - record: The record, reported under `CNErrorUserInfoAffectedRecordsKey` (and its identifier
    ///     under `CNErrorUserInfoAffectedRecordIdentifiersKey` for contacts).
    /// - Returns: Nil for no errors; otherwise one error whose key paths are those of every error.
    package static func combine(_ errors: [CNError], record: AnyObject? = nil) -> CNError? {
        guard let first = errors.first else { return nil }
        var userInfo: [String: Any] = [:]
        if let record {
            userInfo[CNErrorUserInfoAffectedRecordsKey] = [record]
        }
        if let contact = record as? CNContact {
            userInfo[CNErrorUserInfoAffectedRecordIdentifiersKey] = [contact.identifier]
        }
        userInfo[CNErrorUserInfoKeyPathsKey] = errors.flatMap { $0.keyPaths ?? [] }
        if errors.allSatisfy({ $0.code == first.code }) {
            return CNError(first.code, userInfo: userInfo)
        }
        userInfo[CNErrorUserInfoValidationErrorsKey] = errors.map { $0 as NSError }
        return CNError(.validationMultipleErrors, userInfo: userInfo)
    }

    private enum CalendarRule {
        case gregorianOrNil
        case nonGregorian
    }

    private static let forbiddenComponents: [(Calendar.Component, String)] = [
        (.hour, "hour"), (.minute, "minute"), (.second, "second"), (.nanosecond, "nanosecond"),
        (.weekday, "weekday"), (.weekdayOrdinal, "weekdayOrdinal"), (.quarter, "quarter"),
        (.weekOfMonth, "weekOfMonth"), (.weekOfYear, "weekOfYear"), (.yearForWeekOfYear, "yearForWeekOfYear"),
        (.dayOfYear, "dayOfYear"),
    ]

    /// The key paths of the components that break the rules.
    private static func problems(in date: DateComponents, keyPath: String, calendarRule: CalendarRule) -> [String] {
        let calendar = date.calendar ?? Calendar(identifier: .gregorian)
        var result: [String] = []
        if !isSet(date.day) || !isInRange(date.day, of: .day, in: calendar) { result.append(keyPath + ".day") }
        if !isSet(date.month) || !isInRange(date.month, of: .month, in: calendar) {
            result.append(keyPath + ".month")
        }
        for (component, name) in forbiddenComponents where isSet(date.value(for: component)) {
            result.append(keyPath + "." + name)
        }
        if date.timeZone != nil { result.append(keyPath + ".timeZone") }
        switch calendarRule {
        case .gregorianOrNil:
            if calendar.identifier != .gregorian { result.append(keyPath + ".calendar") }
            // The Gregorian calendar has no leap months; false is harmless and allowed.
            if date.isLeapMonth == true { result.append(keyPath + ".isLeapMonth") }
        case .nonGregorian:
            // ISO 8601 has the Gregorian calendar's days and months, so it is no alternative calendar.
            if date.calendar == nil || [.gregorian, .iso8601].contains(calendar.identifier) {
                result.append(keyPath + ".calendar")
            }
        }
        return result
    }

    private static func isSet(_ value: Int?) -> Bool {
        guard let value else { return false }
        return value != NSDateComponentUndefined
    }

    /// Whether a set component lies in the largest range the calendar allows for it.
    private static func isInRange(_ value: Int?, of component: Calendar.Component, in calendar: Calendar) -> Bool {
        guard let value, let range = calendar.maximumRange(of: component) else { return true }
        return range.contains(value)
    }
}
