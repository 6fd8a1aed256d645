import ContactsTestSupport
import Foundation
import Testing

/// The law checkers must catch broken classes, or every test built on them could pass vacuously.
@Suite struct LawChecksTests {
    @Test func equalObjectsWithDifferentHashesAreReported() {
        let violations = LawChecks.equalityViolations(equal: [AlwaysEqual(hashValue: 1), AlwaysEqual(hashValue: 2)])
        #expect(violations.contains("equal[0] and equal[1] are equal with different hashes"))
    }

    @Test func unequalObjectsThatShouldBeEqualAreReported() {
        let violations = LawChecks.equalityViolations(equal: ["a" as NSString, "b" as NSString])
        #expect(violations.contains("equal[0] is not equal to equal[1]"))
    }

    @Test func objectsThatShouldDifferButAreEqualAreReported() {
        let violations = LawChecks.equalityViolations(equal: ["a" as NSString], different: ["a" as NSString])
        #expect(violations == ["equal[0] is equal to different[0]"])
    }

    @Test func asymmetricEqualityIsReported() {
        let violations = LawChecks.equalityViolations(equal: ["a" as NSString], different: [AlwaysEqual(hashValue: 0)])
        #expect(violations.contains("equality of equal[0] and different[0] is not symmetric"))
    }

    @Test func nonReflexiveEqualityIsReported() {
        #expect(LawChecks.equalityViolations(equal: [NeverEqual()]).contains("equal[0] is not equal to itself"))
    }

    @Test func copiesThatDifferAreReported() {
        #expect(LawChecks.copyViolations(of: NeverEqual()) != [])
    }

    @Test func archivesThatDecodeDifferentlyAreReported() {
        #expect(LawChecks.secureCodingViolations(of: LawChecksForgetfulValue(text: "kept")) != [])
        #expect(LawChecks.secureCodingViolations(of: LawChecksForgetfulValue(text: "")) == [])
    }

    @Test func wellBehavedObjectsPass() {
        #expect(
            LawChecks.equalityViolations(equal: ["a" as NSString, NSString(string: "a")], different: ["b" as NSString])
                == [])
        #expect(LawChecks.copyViolations(of: "a" as NSString) == [])
    }
}

/// Equal to everything, with a chosen hash.
private final class AlwaysEqual: NSObject, @unchecked Sendable {
    let fixedHash: Int
    init(hashValue: Int) {
        fixedHash = hashValue
    }
    override func isEqual(_ object: Any?) -> Bool { object != nil }
    override var hash: Int { fixedHash }
}

/// Equal to nothing, not even itself, with a copy that is a new object.
private final class NeverEqual: NSObject, NSCopying, @unchecked Sendable {
    override func isEqual(_ object: Any?) -> Bool { false }
    func copy(with zone: NSZone? = nil) -> Any { NeverEqual() }
}

/// A value whose archive drops its text.
// Internal, not private: Foundation on Linux archives only classes with a top-level name.
final class LawChecksForgetfulValue: NSObject, NSSecureCoding, @unchecked Sendable {
    static var supportsSecureCoding: Bool { true }
    let text: String
    init(text: String) {
        self.text = text
    }
    func encode(with coder: NSCoder) {}
    required init?(coder: NSCoder) {
        text = ""
    }
    override func isEqual(_ object: Any?) -> Bool { (object as? LawChecksForgetfulValue)?.text == text }
    override var hash: Int { text.hashValue }
}
