import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct LabeledValueTests {
    @Test func newLabeledValuesGetDistinctUUIDIdentifiers() {
        let first = CNLabeledValue(label: CNLabelHome, value: "a@example.com" as NSString)
        let second = CNLabeledValue(label: CNLabelHome, value: "a@example.com" as NSString)
        #expect(first.identifier != second.identifier)
        #expect(UUID(uuidString: first.identifier) != nil)
        #expect(!first.isEqual(second))
    }

    @Test func anyCopyingSecureCodingClassCanBeTheValue() {
        let number = CNLabeledValue(label: "Count", value: NSNumber(value: 3))
        let data = CNLabeledValue(label: nil, value: NSData(bytes: [1, 2], length: 2))
        #expect(number.value.intValue == 3)
        #expect(number.settingValue(NSNumber(value: 4)).identifier == number.identifier)
        #expect(data.value.length == 2)
    }

    @Test func settingLabelKeepsIdentifierAndValue() {
        let original = CNLabeledValue(label: CNLabelHome, value: "a@example.com" as NSString)
        let changed = original.settingLabel(CNLabelWork)
        #expect(changed.identifier == original.identifier)
        #expect(changed.label == CNLabelWork)
        #expect(changed.value == "a@example.com")
        #expect(original.label == CNLabelHome)
    }

    @Test func settingLabelToNilRemovesTheLabel() {
        let original = CNLabeledValue(label: CNLabelHome, value: "a@example.com" as NSString)
        #expect(original.settingLabel(nil).label == nil)
    }

    @Test func settingValueKeepsIdentifierAndLabel() {
        let original = CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "1"))
        let changed = original.settingValue(CNPhoneNumber(stringValue: "2"))
        #expect(changed.identifier == original.identifier)
        #expect(changed.label == CNLabelPhoneNumberMobile)
        #expect(changed.value.stringValue == "2")
        #expect(original.value.stringValue == "1")
    }

    @Test func settingLabelAndValueKeepsIdentifier() {
        let original = CNLabeledValue(label: nil, value: CNContactRelation(name: "A"))
        let changed = original.settingLabel(CNLabelContactRelationFriend, value: CNContactRelation(name: "B"))
        #expect(changed.identifier == original.identifier)
        #expect(changed.label == CNLabelContactRelationFriend)
        #expect(changed.value.name == "B")
    }

    @Test func settingMethodsReturnTheReceiversClass() {
        let original = CustomLabeledValue(label: nil, value: "x" as NSString)
        let changed: CNLabeledValue<NSString> = original.settingLabel("y")
        #expect(type(of: changed) == CustomLabeledValue.self)
    }

    @Test func mutablePostalAddressIsFrozenWhenWrapped() {
        let address = CNMutablePostalAddress()
        address.city = "Cupertino"
        let labeled = CNLabeledValue<CNPostalAddress>(label: CNLabelHome, value: address)
        address.city = "Paris"
        #expect(labeled.value.city == "Cupertino")
        #expect(type(of: labeled.value) == CNPostalAddress.self)
    }

    @Test func dateComponentsAreCopiedWhenWrapped() {
        let components = NSDateComponents()
        components.month = 6
        components.day = 21
        let labeled = CNLabeledValue(label: CNLabelDateAnniversary, value: components)
        components.day = 1
        #expect(labeled.value.day == 21)
        #expect(labeled.value !== components)
    }

    @Test func mutableStringsAreCopiedWhenWrapped() {
        let string = NSMutableString(string: "a@example.com")
        let labeled = CNLabeledValue<NSString>(label: nil, value: string)
        string.append(".org")
        #expect(labeled.value == "a@example.com")
    }

    @Test func equalityComparesIdentifierLabelAndValue() {
        let original = CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "1"))
        let same = original.settingLabel(CNLabelHome)
        #expect(
            LawChecks.equalityViolations(
                equal: [original, same, original.settingValue(CNPhoneNumber(stringValue: "1"))],
                different: [
                    original.settingLabel(CNLabelWork), original.settingLabel(nil),
                    original.settingValue(CNPhoneNumber(stringValue: "2")),
                    CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "1")),
                ]
            ) == []
        )
        #expect(LawChecks.copyViolations(of: original) == [])
    }

    @Test func descriptionCarriesNoValue() {
        let labeled = CNLabeledValue(label: CNLabelHome, value: "john@example.com" as NSString)
        #expect(!labeled.description.contains("john"))
        #expect(labeled.description.contains(labeled.identifier))
    }

    @Test(arguments: allGenericLabels.filter { $0.hasPrefix("_$!<") } + [CNLabelContactRelationSpouse])
    func predefinedLabelLocalizesToTextWithoutTokenMarks(label: String) {
        let text = CNLabeledValue<NSString>.localizedString(forLabel: label)
        #expect(!text.isEmpty)
        #expect(!text.contains("_$!<"))
    }

    @Test(arguments: ["Custom label", "Gym", "_$!<Unfinished", ""])
    func localizedStringReturnsCustomLabelsUnchanged(label: String) {
        #expect(CNLabeledValue<NSString>.localizedString(forLabel: label) == label)
    }

    @Test func wrappedValuesKeepContentThroughHasSameContent() {
        let first = CNLabeledValue(label: CNLabelHome, value: "a" as NSString)
        let second = CNLabeledValue(label: CNLabelHome, value: "a" as NSString)
        #expect(first.hasSameContent(as: second))
        #expect(!first.hasSameContent(as: second.settingLabel(nil)))
    }
}

/// A subclass, as apps and test doubles may declare.
private final class CustomLabeledValue: CNLabeledValue<NSString>, @unchecked Sendable {}
