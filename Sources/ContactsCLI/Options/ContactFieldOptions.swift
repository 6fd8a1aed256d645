import ArgumentParser
import ContactsSystem

/// The fields `add` and `edit` set. A labeled value is written `LABEL=VALUE` or just `VALUE`.
///
/// Labels: home, work, school, other, mobile, iphone, main, homefax, workfax, pager, or any other text as a
/// custom label. An address is `[LABEL=]STREET;CITY;STATE;POSTAL-CODE;COUNTRY[;ISO-CODE]`.
package struct ContactFieldOptions: ParsableArguments {
    @Option(name: .customLong("given"), help: "Given (first) name.") package var givenName: String?
    @Option(name: .customLong("middle"), help: "Middle name.") package var middleName: String?
    @Option(name: .customLong("family"), help: "Family (last) name.") package var familyName: String?
    @Option(name: .customLong("prefix"), help: "Name prefix, such as Dr.") package var namePrefix: String?
    @Option(name: .customLong("suffix"), help: "Name suffix, such as Jr.") package var nameSuffix: String?
    @Option(name: .long, help: "Nickname.") package var nickname: String?
    @Option(name: .customLong("organization"), help: "Organization (company) name.") package var organizationName:
        String?
    @Option(name: .customLong("department"), help: "Department.") package var departmentName: String?
    @Option(name: .customLong("job-title"), help: "Job title.") package var jobTitle: String?
    @Option(name: .long, help: "Note.") package var note: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Birthday: YYYY-MM-DD, or MM-DD without a year; \"\" removes it.", valueName: "date"))
    package var birthday: String?

    @Flag(name: .customLong("company"), help: "Make the contact an organization rather than a person.")
    package var isCompany = false

    @Option(name: .long, help: ArgumentHelp("A phone number, [LABEL=]NUMBER; repeat for several.", valueName: "phone"))
    package var phone: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("An e-mail address, [LABEL=]ADDRESS; repeat for several.", valueName: "email"))
    package var email: [String] = []

    @Option(name: .long, help: ArgumentHelp("A web address, [LABEL=]URL; repeat for several.", valueName: "url"))
    package var url: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A postal address, [LABEL=]STREET;CITY;STATE;POSTAL-CODE;COUNTRY[;ISO-CODE].", valueName: "address")
    )
    package var address: [String] = []

    package init() {}

    /// Whether any field is given.
    package var isEmpty: Bool {
        [
            givenName, middleName, familyName, namePrefix, nameSuffix, nickname, organizationName, departmentName,
            jobTitle, note, birthday,
        ].allSatisfy { $0 == nil }
            && !isCompany && phone.isEmpty && email.isEmpty && url.isEmpty && address.isEmpty
    }

    package func validate() throws {
        if let birthday, !birthday.isEmpty, Self.date(birthday) == nil {
            throw ValidationError("The birthday must be YYYY-MM-DD, or MM-DD without a year.")
        }
        for value in address {
            let fields = Self.splitLabel(value).value.split(separator: ";", omittingEmptySubsequences: false)
            if fields.count < 5 || fields.count > 6 {
                throw ValidationError("An address is [LABEL=]STREET;CITY;STATE;POSTAL-CODE;COUNTRY[;ISO-CODE].")
            }
        }
    }
}
