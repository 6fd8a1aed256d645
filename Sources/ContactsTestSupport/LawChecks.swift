import Foundation

/// Reusable checks of the laws every value class of the framework must obey: `isEqual` is an equivalence,
/// equal objects have equal hashes, copies equal their originals, and archives decode to equal objects.
///
/// Each check returns the laws that were broken, as sentences, so a test reads
/// `#expect(LawChecks.equalityViolations(equal: [a, b], different: [c]) == [])` and a failure shows every
/// broken law at once. The checks never print and never stop the process.
package enum LawChecks {
    /// The broken equality and hashing laws among objects.
    ///
    /// - Parameters:
    ///   - equal: Objects that must all be equal to each other (and so have equal hashes).
    ///   - different: Objects that must each differ from every object of `equal`.
    /// - Returns: One sentence per broken law; empty when every law holds.
    package static func equalityViolations(equal: [NSObject], different: [NSObject] = []) -> [String] {
        var violations: [String] = []
        for (leftIndex, left) in equal.enumerated() {
            if !left.isEqual(left) {
                violations.append("equal[\(leftIndex)] is not equal to itself")
            }
            if left.isEqual(nil) {
                violations.append("equal[\(leftIndex)] is equal to nil")
            }
            for (rightIndex, right) in equal.enumerated() where rightIndex != leftIndex {
                if !left.isEqual(right) {
                    violations.append("equal[\(leftIndex)] is not equal to equal[\(rightIndex)]")
                } else if left.hash != right.hash {
                    violations.append("equal[\(leftIndex)] and equal[\(rightIndex)] are equal with different hashes")
                }
            }
            for (otherIndex, other) in different.enumerated() {
                if left.isEqual(other) {
                    violations.append("equal[\(leftIndex)] is equal to different[\(otherIndex)]")
                }
                if left.isEqual(other) != other.isEqual(left) {
                    violations.append("equality of equal[\(leftIndex)] and different[\(otherIndex)] is not symmetric")
                }
            }
        }
        return violations
    }

    /// The broken copying laws of an object: `copy()` must equal the original and hash like it.
    ///
    /// - Parameter object: The object to copy.
    /// - Returns: One sentence per broken law; empty when every law holds.
    package static func copyViolations(of object: NSObject & NSCopying) -> [String] {
        guard let copy = object.copy(with: nil) as? NSObject else {
            return ["copy() did not return an NSObject"]
        }
        return equalityViolations(equal: [object, copy]).map { "copy: " + $0 }
    }

    /// The broken mutable-copy laws of an object: `mutableCopy()` must equal the original.
    ///
    /// - Parameter object: The object to copy.
    /// - Returns: One sentence per broken law; empty when every law holds.
    package static func mutableCopyViolations(of object: NSObject & NSMutableCopying) -> [String] {
        guard let copy = object.mutableCopy(with: nil) as? NSObject else {
            return ["mutableCopy() did not return an NSObject"]
        }
        return equalityViolations(equal: [object, copy]).map { "mutableCopy: " + $0 }
    }

    /// The broken secure-coding laws of an object: it must archive with secure coding required and decode,
    /// allowing only its own class (and `extraClasses`), to an object equal to the original.
    ///
    /// - Parameters:
    ///   - object: The object to archive.
    ///   - extraClasses: Further classes the decoder must allow, such as the classes of nested objects.
    /// - Returns: One sentence per broken law; empty when every law holds.
    package static func secureCodingViolations(
        of object: NSObject & NSSecureCoding,
        extraClasses: [AnyClass] = []
    ) -> [String] {
        let decoded: NSObject
        do {
            decoded = try SecureCodingRoundTrip.roundTrip(object, extraClasses: extraClasses)
        } catch {
            return ["round trip failed: \(error)"]
        }
        var violations: [String] = []
        if type(of: decoded) != type(of: object) {
            violations.append("decoded a \(type(of: decoded)) from a \(type(of: object))")
        }
        violations += equalityViolations(equal: [object, decoded]).map { "decoded: " + $0 }
        return violations
    }
}
