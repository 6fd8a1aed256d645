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

    /// A birthday or date as text: `1988-04-01`, or `--04-01` without a year.
    package static func dateText(_ components: DateComponents) -> String {
        let month = components.month.map { String(format: "%02d", $0) } ?? "??"
        let day = components.day.map { String(format: "%02d", $0) } ?? "??"
        guard let year = components.year, year != NSDateComponentUndefined else { return "--\(month)-\(day)" }
        return String(format: "%04d", year) + "-\(month)-\(day)"
    }
}
