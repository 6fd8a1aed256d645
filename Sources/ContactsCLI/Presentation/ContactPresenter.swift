import ContactsSystem

/// Turns contacts into text for people, through the framework's formatters and localized labels.
package struct ContactPresenter {
    package let localization: Localization
    private let nameFormatter = CNContactFormatter()
    private let addressFormatter = CNPostalAddressFormatter()

    package init(localization: Localization = .current) {
        self.localization = localization
    }

    /// The name to show: the formatted full name, else the organization, else the first e-mail address.
    package func displayName(of contact: CNContact) -> String {
        if let name = nameFormatter.string(from: contact), !name.isEmpty { return name }
        let storage = contact.storage
        if !storage.organizationName.isEmpty { return storage.organizationName }
        if let email = storage.emailAddresses.first { return email.value as String }
        return "(no name)"
    }

    /// The header of a listing.
    package static let rowHeader = ["NAME", "PHONE", "E-MAIL", "IDENTIFIER"]

    /// One row of a listing.
    package func row(for contact: CNContact) -> [String] {
        [
            displayName(of: contact),
            contact.phoneNumbers.first?.value.stringValue ?? "",
            contact.emailAddresses.first.map { $0.value as String } ?? "",
            contact.identifier,
        ]
    }

    /// The localized text of a label; empty for no label.
    package func label(_ label: String?) -> String {
        guard let label, !label.isEmpty else { return "" }
        return localization.label(label)
    }

    /// A postal address as lines, in the layout of its country.
    package func addressLines(_ address: CNPostalAddress) -> [String] {
        addressFormatter.string(from: address).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// A birthday or date as the person reads dates: `1 April 1988`, `14 May` without a year (English), in the
    /// order and month names of their language (`14. Mai`, `11月3日`), and in the date's own calendar.
    ///
    /// JSON keeps ``dateText(_:)``'s ISO form, which scripts parse.
    package func localizedDateText(_ components: DateComponents) -> String {
        guard let month = components.month, let day = components.day else { return Self.dateText(components) }
        let identifier = localization.region.map { "\(localization.language)_\($0)" } ?? localization.language
        let locale = Locale(identifier: identifier)
        var calendar = components.calendar ?? Calendar(identifier: .gregorian)
        calendar.locale = locale
        let year = components.year.flatMap { $0 == NSDateComponentUndefined ? nil : $0 }
        // A date without a year is placed in a leap year, so 29 February exists; the year is not shown.
        var complete = DateComponents(year: year ?? 2000, month: month, day: day)
        complete.era = components.era
        complete.isLeapMonth = components.isLeapMonth
        guard let date = calendar.date(from: complete) else { return Self.dateText(components) }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate(year == nil ? "dMMMM" : "dMMMMy")
        return formatter.string(from: date)
    }

    /// A birthday or date as text: `1988-04-01`, or `--04-01` without a year.
    package static func dateText(_ components: DateComponents) -> String {
        let month = components.month.map { String(format: "%02d", $0) } ?? "??"
        let day = components.day.map { String(format: "%02d", $0) } ?? "??"
        guard let year = components.year, year != NSDateComponentUndefined else { return "--\(month)-\(day)" }
        return String(format: "%04d", year) + "-\(month)-\(day)"
    }
}
