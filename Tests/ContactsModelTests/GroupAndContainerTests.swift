import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct GroupAndContainerTests {
    @Test func newGroupHasAGroupIdentifierAndNoName() {
        let group = CNMutableGroup()
        #expect(group.identifier.hasSuffix(":ABGroup"))
        #expect(group.name == "")
        #expect(CNMutableGroup().identifier != group.identifier)
    }

    @Test func groupCopiesKeepTheIdentifierAndAreIndependent() throws {
        let group = CNMutableGroup()
        group.name = "Family"
        let frozen = try #require(group.copy() as? CNGroup)
        #expect(type(of: frozen) == CNGroup.self)
        group.name = "Friends"
        #expect(frozen.name == "Family")
        let mutable = try #require(frozen.mutableCopy() as? CNMutableGroup)
        #expect(mutable.identifier == frozen.identifier)
        mutable.name = "Work"
        #expect(frozen.name == "Family")
    }

    @Test func groupEqualityComparesIdentifierAndName() throws {
        let group = CNGroup(fields: .init(identifier: "G", name: "Family"))
        let mutable = try #require(group.mutableCopy() as? CNMutableGroup)
        #expect(
            LawChecks.equalityViolations(
                equal: [group, mutable, CNGroup(fields: .init(identifier: "G", name: "Family"))],
                different: [
                    CNGroup(fields: .init(identifier: "G", name: "Friends")),
                    CNGroup(fields: .init(identifier: "H", name: "Family")),
                ]
            ) == []
        )
        #expect(LawChecks.copyViolations(of: group) == [])
        #expect(LawChecks.mutableCopyViolations(of: group) == [])
        #expect(!group.description.contains("Family"))
    }

    @Test func containerHoldsIdentifierNameAndType() {
        let container = CNContainer(identifier: CNContainer.newIdentifier(), name: "iCloud", type: .cardDAV)
        #expect(container.identifier.hasSuffix(":ABAccount"))
        #expect(container.name == "iCloud")
        #expect(container.type == .cardDAV)
    }

    @Test func containerEqualityComparesEveryField() {
        let container = CNContainer(identifier: "C", name: "Local", type: .local)
        #expect(
            LawChecks.equalityViolations(
                equal: [container, CNContainer(identifier: "C", name: "Local", type: .local)],
                different: [
                    CNContainer(identifier: "D", name: "Local", type: .local),
                    CNContainer(identifier: "C", name: "Other", type: .local),
                    CNContainer(identifier: "C", name: "Local", type: .exchange),
                ]
            ) == []
        )
        #expect(LawChecks.copyViolations(of: container) == [])
    }
}
