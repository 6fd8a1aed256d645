import ContactsModel
import ContactsProtocol
import Testing

@Suite struct PredicateWireTests {
    /// One predicate of every kind, with search text that must cross unchanged.
    static let kinds: [ContactsPredicate.Kind] = [
        .contactsMatchingName("Ame\u{301}lie\u{0}"),
        .contactsWithIdentifiers(["A:ABPerson", "B:ABPerson"]),
        .contactsWithIdentifiers([]),
        .contactsInGroup("G:ABGroup"),
        .contactsInContainer("C:ABAccount"),
        .contactsMatchingPhoneNumber("+1 (408) 555-0126"),
        .contactsMatchingEmailAddress("john@example.com"),
        .groupsWithIdentifiers(["G:ABGroup"]),
        .groupsInContainer("C:ABAccount"),
        .subgroupsInGroup("G:ABGroup"),
        .containersWithIdentifiers(["C:ABAccount", ""]),
        .containerOfContact("A:ABPerson"),
        .containerOfGroup("G:ABGroup"),
    ]

    @Test func theSampleHasEveryKind() {
        // Guards the round trip below: a new kind must be added there too.
        #expect(Set(Self.kinds.map(\.name)).count == 12)
    }

    @Test(arguments: kinds)
    func everyPredicateKindSurvivesTheWire(_ kind: ContactsPredicate.Kind) throws {
        let message = try WireRoundTrip.binary(Contacts_V1_Predicate(kind))
        #expect(try ContactsPredicate.Kind(wire: message) == kind)
    }

    @Test func aPredicateWithoutAKindIsMalformed() {
        let error = #expect(throws: WireError.self) { try ContactsPredicate.Kind(wire: Contacts_V1_Predicate()) }
        #expect(error?.code == .malformedMessage)
    }
}
