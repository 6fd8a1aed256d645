import Foundation

/// The validation rules the store applies to a contact before saving it.
///
/// Birthdays and dates may hold only era, year, month, day, leap-month and calendar components; day and
/// month are required; a Gregorian birthday's calendar is nil or Gregorian; a non-Gregorian birthday
/// needs a calendar that is not Gregorian. Broken rules give `CNError.validationConfigurationError` (302)
/// with the key paths; several different errors give `validationMultipleErrors` (300) holding each, and
/// several errors of the same code collapse into one error of that code.
package enum ContactValidator {
    /// The error for a contact that breaks the rules, or nil when it is valid.
    package static func validate(_ contact: CNContact) -> CNError? {
        combine(errors(in: contact.storage), record: contact)
    }

    /// Every rule the stored fields break, one error per rule.
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
                keyPaths += problems(in: components, keyPath: "\(CNContactDatesKey)[\(index)]", calendarRule: .gregorianOrNil)
            }
        }
        var result: [CNError] = []
        if !keyPaths.isEmpty {
            result.append(CNError(.validationConfigurationError, userInfo: [CNErrorUserInfoKeyPathsKey: keyPaths]))
        }
        if keys.contains(.contactType), storage.contactType != .person, storage.contactType != .organization {
            result.append(CNError(.validationTypeMismatch, userInfo: [CNErrorUserInfoKeyPathsKey: [CNContactTypeKey]]))
        }
        return result
    }

    /// One error for a list: nil, the error itself, errors of one code merged, or a multiple-errors error.
    package static func combine(_ errors: [CNError], record: AnyObject? = nil) -> CNError? {
        guard let first = errors.first else { return nil }
        var userInfo: [String: Any] = [:]
        if let record {
            userInfo[CNErrorUserInfoAffectedRecordsKey] = [record]
        }
        if let contact = record as? CNContact {
            userInfo[CNErrorUserInfoAffectedRecordIdentifiersKey] = [contact.identifier]
        }
        if errors.allSatisfy({ $0.code == first.code }) {
            userInfo[CNErrorUserInfoKeyPathsKey] = errors.flatMap { $0.keyPaths ?? [] }
            return CNError(first.code, userInfo: userInfo)
        }
        userInfo[CNErrorUserInfoValidationErrorsKey] = errors.map { $0 as NSError }
        userInfo[CNErrorUserInfoKeyPathsKey] = errors.flatMap { $0.keyPaths ?? [] }
        return CNError(.validationMultipleErrors, userInfo: userInfo)
    }

    private enum CalendarRule {
        case gregorianOrNil
        case nonGregorian
    }

    private static let allowedComponents: Set<Calendar.Component> = [.era, .year, .month, .day]
    private static let forbiddenComponents: [(Calendar.Component, String)] = [
        (.hour, "hour"), (.minute, "minute"), (.second, "second"), (.nanosecond, "nanosecond"),
        (.weekday, "weekday"), (.weekdayOrdinal, "weekdayOrdinal"), (.quarter, "quarter"),
        (.weekOfMonth, "weekOfMonth"), (.weekOfYear, "weekOfYear"), (.yearForWeekOfYear, "yearForWeekOfYear"),
    ]

    /// The key paths of the components that break the rules.
    private static func problems(in date: DateComponents, keyPath: String, calendarRule: CalendarRule) -> [String] {
        var result: [String] = []
        if !isSet(date.day) { result.append(keyPath + ".day") }
        if !isSet(date.month) { result.append(keyPath + ".month") }
        for (component, name) in forbiddenComponents where isSet(date.value(for: component)) {
            result.append(keyPath + "." + name)
        }
        if date.timeZone != nil { result.append(keyPath + ".timeZone") }
        switch calendarRule {
        case .gregorianOrNil:
            if let calendar = date.calendar, calendar.identifier != .gregorian {
                result.append(keyPath + ".calendar")
            }
        case .nonGregorian:
            if date.calendar == nil || date.calendar?.identifier == .gregorian {
                result.append(keyPath + ".calendar")
            }
        }
        return result
    }

    private static func isSet(_ value: Int?) -> Bool {
        guard let value else { return false }
        return value != NSDateComponentUndefined
    }
}
