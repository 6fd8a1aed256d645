import Foundation

/// Converts the `[AnyHashable: Any]` attribute dictionaries of Apple's formatter API to attributed-string keys.
enum AttributeKeys {
    /// The attributes with `NSAttributedString.Key` keys; `String` keys are wrapped, other keys are dropped.
    static func convert(_ attributes: [AnyHashable: Any]?) -> [NSAttributedString.Key: Any]? {
        guard let attributes, !attributes.isEmpty else { return nil }
        var result: [NSAttributedString.Key: Any] = [:]
        for (key, value) in attributes {
            if let key = key.base as? NSAttributedString.Key {
                result[key] = value
            } else if let key = key.base as? String {
                result[NSAttributedString.Key(key)] = value
            } else if let key = key.base as? NSString {
                result[NSAttributedString.Key(key as String)] = value
            }
        }
        return result
    }
}
