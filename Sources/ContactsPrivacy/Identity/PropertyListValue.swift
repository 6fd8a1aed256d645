import Foundation

/// Reads typed values out of the `Any` that `PropertyListSerialization` returns.
enum PropertyListValue {
    /// Parses XML, binary or OpenStep property-list data whose root is a dictionary; nil otherwise.
    static func dictionary(from data: Data) -> [String: Any]? {
        guard let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else {
            return nil
        }
        return root as? [String: Any]
    }

    /// A non-empty string value after trimming white space, else nil.
    static func string(_ value: Any?) -> String? {
        let text: String
        if let string = value as? String {
            text = string
        } else if let string = value as? NSString {
            text = string as String
        } else {
            return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether a value is a property-list Boolean `true`. Integers do not count, as in Apple's entitlement checks.
    static func isTrue(_ value: Any) -> Bool {
        // PropertyListSerialization returns Swift `Bool` for <true/> and NSNumber for <integer>, but an NSNumber
        // also casts to Bool, so the dynamic type decides.
        if type(of: value) == Bool.self, let flag = value as? Bool {
            return flag
        }
        if let number = value as? NSNumber {
            let type = String(cString: number.objCType)
            return (type == "c" || type == "B") && number.boolValue
        }
        return false
    }
}
