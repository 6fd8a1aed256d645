import Foundation

/// A postal address.
///
/// Immutable and thread-safe; use `CNMutablePostalAddress` to build one. Every field is `""` when unset,
/// and a street of several lines separates them with "\n".
///
/// Parity: full.
open class CNPostalAddress: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: the fields change only in the non-thread-safe mutable subclass, as on Apple platforms;
    // TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The field values, in one value so copies are cheap.
    package final var fields: Fields

    /// The fields of a postal address.
    package struct Fields: Hashable, Sendable {
        package var street = ""
        package var subLocality = ""
        package var city = ""
        package var subAdministrativeArea = ""
        package var state = ""
        package var postalCode = ""
        package var country = ""
        package var isoCountryCode = ""

        package init() {}

        /// The postal keys and their values, in key order.
        package var keyedValues: [(key: String, value: String)] {
            [
                (CNPostalAddressStreetKey, street), (CNPostalAddressSubLocalityKey, subLocality),
                (CNPostalAddressCityKey, city), (CNPostalAddressSubAdministrativeAreaKey, subAdministrativeArea),
                (CNPostalAddressStateKey, state), (CNPostalAddressPostalCodeKey, postalCode),
                (CNPostalAddressCountryKey, country), (CNPostalAddressISOCountryCodeKey, isoCountryCode),
            ]
        }

        /// The value of a postal key, or nil when the key is not a postal key.
        package func value(forKey key: String) -> String? {
            keyedValues.first { $0.key == key }?.value
        }

        /// Sets the value of a postal key; returns false when the key is not a postal key.
        package mutating func setValue(_ value: String, forKey key: String) -> Bool {
            switch key {
            case CNPostalAddressStreetKey: street = value
            case CNPostalAddressSubLocalityKey: subLocality = value
            case CNPostalAddressCityKey: city = value
            case CNPostalAddressSubAdministrativeAreaKey: subAdministrativeArea = value
            case CNPostalAddressStateKey: state = value
            case CNPostalAddressPostalCodeKey: postalCode = value
            case CNPostalAddressCountryKey: country = value
            case CNPostalAddressISOCountryCodeKey: isoCountryCode = value
            default: return false
            }
            return true
        }
    }

    /// Creates an empty postal address.
    public override init() {
        self.fields = Fields()
        super.init()
    }

    package init(fields: Fields) {
        self.fields = fields
        super.init()
    }

    /// The street, with lines separated by "\n".
    open var street: String { fields.street }
    /// The sub-locality, such as a neighbourhood or district.
    open var subLocality: String { fields.subLocality }
    /// The city.
    open var city: String { fields.city }
    /// The sub-administrative area, such as a county.
    open var subAdministrativeArea: String { fields.subAdministrativeArea }
    /// The state or province.
    open var state: String { fields.state }
    /// The postal code.
    open var postalCode: String { fields.postalCode }
    /// The country name.
    open var country: String { fields.country }
    /// The ISO 3166-1 alpha-2 country code, as entered (often lower case in Apple's data).
    open var isoCountryCode: String { fields.isoCountryCode }

    /// The localized name of a postal address key, such as "ZIP" for `CNPostalAddressPostalCodeKey`.
    ///
    /// Parity: partial. 12 languages (see ``Localization``), in our own wording.
    open class func localizedString(forKey key: String) -> String {
        Localization.current.postalAddressKey(key)
    }

    /// Returns the value of a property by its key, or nil for an unknown key.
    open func value(forKey key: String) -> Any? {
        fields.value(forKey: key)
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        CNPostalAddress(fields: fields)
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        CNMutablePostalAddress(fields: fields)
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        for (key, value) in fields.keyedValues {
            coder.encode(value as NSString, forKey: key)
        }
    }

    public required init?(coder: NSCoder) {
        var fields = Fields()
        for (key, _) in fields.keyedValues {
            let value = coder.decodeObject(of: NSString.self, forKey: key) as String? ?? ""
            _ = fields.setValue(value, forKey: key)
        }
        self.fields = fields
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNPostalAddress else { return false }
        return fields == other.fields
    }

    open override var hash: Int {
        fields.hashValue
    }

    open override var description: String {
        "<CNPostalAddress>"
    }
}
