import ContactsCLI
import ContactsSystem
import Foundation
import Testing

/// Birthdays and dates as the person reads them: their language's order and month names, with or without a year.
@Suite struct DateTextTests {
    @Test(arguments: [
        ("en_GB", DateComponents(month: 5, day: 14), "14 May"),
        ("en_US", DateComponents(month: 5, day: 14), "May 14"),
        ("en_GB", DateComponents(year: 1988, month: 4, day: 1), "1 April 1988"),
        ("de_DE", DateComponents(month: 5, day: 14), "14. Mai"),
        ("ja_JP", DateComponents(year: 1975, month: 11, day: 3), "1975年11月3日"),
        ("en_GB", DateComponents(month: 2, day: 29), "29 February"),
    ])
    func datesReadInThePersonsLanguage(locale: String, components: DateComponents, expected: String) {
        let presenter = ContactPresenter(localization: Localization(language: locale))
        #expect(presenter.localizedDateText(components) == expected)
    }

    @Test func jsonKeepsTheISOForm() {
        #expect(ContactPresenter.dateText(DateComponents(month: 5, day: 14)) == "--05-14")
        #expect(ContactPresenter.dateText(DateComponents(year: 1988, month: 4, day: 1)) == "1988-04-01")
    }
}
