import Foundation
import Testing

@testable import ContactsModel

@Suite struct LabeledValueArchivingLimitTests {
    /// Pins the documented limit (docs/Model.md): Foundation on Linux stops the process when it archives an
    /// instance of a generic class. If Foundation lifts the limit, this test fails and the docs need an update.
    @Test func archivingALabeledValueOnItsOwnStopsTheProcessOnLinux() async {
        await #expect(processExitsWith: .failure) {
            let labeled = CNLabeledValue(label: CNLabelHome, value: "john@example.com" as NSString)
            _ = try? NSKeyedArchiver.archivedData(withRootObject: labeled, requiringSecureCoding: true)
        }
    }
}
