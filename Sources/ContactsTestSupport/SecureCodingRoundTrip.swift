import Foundation

/// Archives an object with `NSKeyedArchiver` (secure coding required) and decodes it again with
/// `NSKeyedUnarchiver`, allowing only the object's own class and the classes a test names.
package enum SecureCodingRoundTrip {
    /// Why a round trip failed.
    package enum Failure: Error, CustomStringConvertible {
        /// The unarchiver returned nil.
        case decodedNothing
        /// The unarchiver returned an object of another type.
        case decodedWrongType(String)

        package var description: String {
            switch self {
            case .decodedNothing: "the unarchiver returned nil"
            case .decodedWrongType(let name): "the unarchiver returned a \(name)"
            }
        }
    }

    /// Archives and decodes an object.
    ///
    /// - Parameters:
    ///   - object: The object to archive as the root object.
    ///   - extraClasses: Further classes the unarchiver may decode.
    /// - Returns: The decoded object, of the same static type.
    /// - Throws: The archiver's or unarchiver's error, or ``Failure``.
    package static func roundTrip<Object: NSObject & NSSecureCoding>(
        _ object: Object,
        extraClasses: [AnyClass] = []
    ) throws -> Object {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        let classes: [AnyClass] = [type(of: object)] + extraClasses
        guard let decoded = try NSKeyedUnarchiver.unarchivedObject(ofClasses: classes, from: data) else {
            throw Failure.decodedNothing
        }
        guard let typed = decoded as? Object else {
            throw Failure.decodedWrongType(String(describing: type(of: decoded)))
        }
        return typed
    }
}
