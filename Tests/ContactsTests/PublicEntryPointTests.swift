import ContactsTestSupport
import Foundation
import Testing

/// The no-leak property test covers every public member of CNContactStore: a new entry point without a case
/// (and a comment saying what it could leak) fails here, and so does a listed one that no longer exists.
@Suite struct PublicEntryPointTests {
    @Test func everyPublicMemberOfTheStoreHasACaseInTheLeakTest() throws {
        let probe = try #require(ModuleProbe.forRunningTests(), "the build folder of this test run was not found")
        let members = try probe.publicMembers(of: "CNContactStore", in: "Contacts")
        #expect(members.count > 10, "the symbol graph was read")
        let listed = Set(LeakWorld.coveredEntryPoints.keys)
        #expect(members.subtracting(listed).sorted() == [], "public members without a case in LeakWorld")
        #expect(listed.subtracting(members).sorted() == [], "listed members that CNContactStore no longer has")
    }
}
