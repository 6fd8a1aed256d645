import Foundation

/// A phone number as the person entered it.
///
/// Immutable and thread-safe. The string keeps its formatting; comparisons for search use the digits.
///
/// ```swift
/// let number = CNPhoneNumber(stringValue: "+1 (408) 555-0100")
/// number.value(forKey: "digits")   // "+14085550100"
/// ```
///
/// Parity: full. `value(forKey:)` answers "stringValue", "digits" and "countryCode" as apps read them on
/// Apple platforms.
open class CNPhoneNumber: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: immutable after initialization; TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The number as entered, formatting included.
    open var stringValue: String { storedStringValue }
    private let storedStringValue: String

    /// Creates a phone number from the string the person entered.
    public init(stringValue string: String) {
        self.storedStringValue = string
        super.init()
    }

    /// Creates an empty phone number.
    @available(*, deprecated, message: "Use init(stringValue:) instead.")
    public override convenience init() {
        self.init(stringValue: "")
    }

    /// The number's digits, with a leading "+" when the number starts with one, as apps read through
    /// `value(forKey: "digits")`.
    package var digits: String {
        var result = ""
        for character in stringValue {
            if let digit = character.wholeNumberValue, character.isASCII || character.isNumber {
                result.append(String(digit))
            } else if character == "+", result.isEmpty {
                result.append("+")
            }
        }
        return result
    }

    /// Returns the value of a property by name: "stringValue", "digits" or "countryCode".
    ///
    /// "countryCode" is the lower-case region the number belongs to: the region of its country calling
    /// code when it starts with "+", otherwise the region of `CNContactsUserDefaults.shared().countryCode`.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "stringValue": stringValue
        case "digits": digits
        case "countryCode": PhoneNumberRegion.region(ofNumber: stringValue).lowercased()
        default: nil
        }
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(stringValue as NSString, forKey: "stringValue")
    }

    public required init?(coder: NSCoder) {
        guard let value = coder.decodeObject(of: NSString.self, forKey: "stringValue") else { return nil }
        self.storedStringValue = value as String
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNPhoneNumber else { return false }
        return stringValue == other.stringValue
    }

    open override var hash: Int {
        stringValue.hashValue
    }

    open override var description: String {
        "<CNPhoneNumber>"
    }
}
