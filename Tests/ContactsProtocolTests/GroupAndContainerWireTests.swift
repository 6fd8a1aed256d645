import ContactsModel
import ContactsProtocol
import Testing

@Suite struct GroupAndContainerWireTests {
    @Test(arguments: [("G:ABGroup", "Family"), ("", ""), ("G2:ABGroup", "Cafe\u{301}\r\n\u{0}")])
    func groupFieldsSurviveTheWire(identifier: String, name: String) throws {
        let fields = CNGroup.Fields(identifier: identifier, name: name)
        let copy = CNGroup.Fields(wire: try WireRoundTrip.binary(Contacts_V1_Group(fields)))
        #expect(copy == fields)
        #expect(Array(copy.name.utf8) == Array(name.utf8))
    }

    @Test(arguments: [CNContainerType.unassigned, .local, .exchange, .cardDAV], [false, true])
    func containersSurviveTheWire(type: CNContainerType, flag: Bool) throws {
        let message = try WireRoundTrip.binary(
            Contacts_V1_Container(
                identifier: "C:ABAccount", name: "iCloud", type: type, isDefault: flag, isReadOnly: !flag)
        )
        #expect(message.identifier == "C:ABAccount")
        #expect(message.name == "iCloud")
        #expect(message.type == Int32(type.rawValue))
        #expect(message.containerType == type)
        #expect(message.isDefault == flag)
        #expect(message.isReadOnly == !flag)
    }

    @Test(arguments: [-1, 4, 99] as [Int32])
    func aContainerTypeThisBuildDoesNotKnowReadsAsNil(_ type: Int32) {
        var message = Contacts_V1_Container()
        message.type = type
        #expect(message.containerType == nil)
    }
}
