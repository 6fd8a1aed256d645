import ArgumentParser
import Contacts
import Testing

@testable import ContactsCLI

/// Parsing and validation in process, without running commands.
@Suite struct CommandParsingTests {
    @Test(arguments: [
        ["list"], ["show", "X"], ["search", "ann"], ["search", "--phone", "0170"], ["add", "--given", "A"],
        ["edit", "X", "--family", "B"], ["delete", "X"], ["import", "a.vcf"], ["export"], ["groups"],
        ["groups", "list"], ["groups", "create", "Family"], ["groups", "rename", "G", "Kin"],
        ["groups", "delete", "G"],
        ["groups", "add", "G", "C"], ["groups", "remove", "G", "C"], ["groups", "members", "G"], ["containers"],
        ["containers", "create", "Work", "--type", "exchange"], ["info"], ["init"],
        ["privacy"], ["privacy", "apps"], ["privacy", "show", "A"], ["privacy", "allow", "A", "--full"],
        ["privacy", "allow", "A", "--limited", "C"], ["privacy", "share", "A", "C"], ["privacy", "unshare", "A", "C"],
        ["privacy", "deny", "A"], ["privacy", "reset", "A"], ["privacy", "restrict", "A"],
        ["link", "A", "B"], ["link", "A", "B", "--preferred", "B"], ["unlink", "A"], ["why-linked", "A"],
        ["keep-separate", "A", "B"], ["history"], ["history", "--since", "Q05IVA==", "--groups"],
    ])
    func everyCommandAcceptsTheStoreOption(arguments: [String]) throws {
        let command = try ContactsCommand.parseAsRoot(arguments + ["--store", "/tmp/x.sqlite"])
        let mirror = Mirror(reflecting: command)
        let options = mirror.children.compactMap { $0.value as? OptionGroup<StoreOptions> }
        #expect(options.first?.wrappedValue.store == "/tmp/x.sqlite")
    }

    @Test(arguments: [
        ["show"], ["search", "--phone", "--email", "1"], ["search", "--"], ["add"], ["edit", "X"],
        ["add", "--given", "A", "--birthday", "1990-13-01"], ["add", "--given", "A", "--address", "only;three;fields"],
        ["list", "--group", "G", "--container", "C"], ["export", "--group", "G", "X"],
        ["export", "--vcard-version", "2.1"],
        ["import"], ["groups", "create", " "], ["containers", "create", "W", "--type", "local"],
        ["privacy", "allow", "A"], ["privacy", "allow", "A", "--full", "--limited"],
        ["privacy", "allow", "A", "--full", "C"],
        ["privacy", "share", "A"], ["privacy", "unshare", "A"], ["privacy", "show"], ["privacy", "restrict", " "],
        ["link"], ["link", "A"], ["link", "A", "A"], ["unlink"], ["why-linked"], ["keep-separate", "A"],
        ["keep-separate", "A", "A"], ["history", "--since", "not base64!"],
    ])
    func invalidUsageIsRejected(arguments: [String]) {
        #expect(throws: (any Error).self) { try ContactsCommand.parseAsRoot(arguments) }
    }

    @Test func usageErrorsExitWith64() {
        let code = ContactsCommand.exitCode(for: ValidationError("x"))
        #expect(code.rawValue == 64)
    }

    @Test(
        arguments: [
            ("1988-04-01", 1988, 4, 1), ("--05-14", nil, 5, 14), ("1992-02-29", 1992, 2, 29), ("12-25", nil, 12, 25),
        ] as [(String, Int?, Int, Int)])
    func birthdaysParse(text: String, year: Int?, month: Int, day: Int) throws {
        let date = try #require(ContactFieldOptions.date(text))
        #expect(date.year == year && date.month == month && date.day == day)
    }

    @Test(arguments: ["", "1988-4", "88-04-01", "--13-01", "yesterday"])
    func malformedBirthdaysAreRejected(text: String) {
        #expect(ContactFieldOptions.date(text) == nil)
    }

    @Test(
        arguments: [
            ("mobile=+49 170", CNLabelPhoneNumberMobile, "+49 170"), ("+49 170", nil, "+49 170"),
            ("Cottage=+1 555", "Cottage", "+1 555"), ("https://x.example/?a=b", nil, "https://x.example/?a=b"),
            ("work=a@b.example", CNLabelWork, "a@b.example"),
        ] as [(String, String?, String)])
    func labelsSplitFromValues(text: String, label: String?, value: String) {
        let split = ContactFieldOptions.splitLabel(text)
        #expect(split.label == label && split.value == value)
    }
}
