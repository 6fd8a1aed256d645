import ContactsModel
import Foundation

/// Formats a postal address as the lines of a mailing label, in the layout of the address's country.
///
/// The country comes from the address's ISO country code, else from its country name, else the person's
/// region. Empty fields and the punctuation around them are left out, and the country line is printed only
/// for addresses outside the person's region. The layouts come from Google's libaddressinput data, one for
/// each of about 250 regions, with a Latin-script variant where the region has one.
///
/// ```swift
/// let address = CNMutablePostalAddress()
/// address.street = "One Apple Park Way"
/// address.city = "Cupertino"
/// address.state = "CA"
/// address.postalCode = "95014"
/// address.isoCountryCode = "us"
/// CNPostalAddressFormatter.string(from: address, style: .mailingAddress)
/// // "One Apple Park Way\nCupertino CA 95014" for a person in the United States
/// ```
///
/// Parity: full. Where Apple documents no rule (country line, sub-administrative area, script choice) the
/// rules are ours, listed in docs/Formatting.md. Nothing is upper-cased. Needs no authorization.
open class CNPostalAddressFormatter: Formatter {
    /// The style of the addresses this formatter returns; `.mailingAddress`, the only style.
    open var style: CNPostalAddressFormatterStyle = .mailingAddress

    /// The layout engine with the person's region and language.
    let layout: PostalAddressLayout

    /// Creates a formatter with the person's region and language.
    public override init() {
        layout = .person
        super.init()
    }

    /// Creates a formatter with explicit settings: the region decides the country line, the locale the
    /// language of localized field names.
    package init(settings: UserSettings) {
        layout = PostalAddressLayout(
            personRegion: settings.countryCode,
            localization: Localization(language: settings.localeIdentifier)
        )
        super.init()
    }

    /// Decodes a formatter; it uses the person's region and language.
    public required init?(coder: NSCoder) {
        layout = .person
        super.init(coder: coder)
    }

    // MARK: Strings

    /// Returns the address as lines separated by "\n".
    ///
    /// - Parameter postalAddress: The address to format.
    /// - Returns: The formatted address; "" when every field is empty.
    open func string(from postalAddress: CNPostalAddress) -> String {
        layout.string(for: postalAddress.fields)
    }

    /// Returns the address in a style as lines separated by "\n", for the person's region.
    ///
    /// - Parameters:
    ///   - postalAddress: The address to format.
    ///   - style: `.mailingAddress`.
    /// - Returns: The formatted address; "" when every field is empty.
    open class func string(from postalAddress: CNPostalAddress, style: CNPostalAddressFormatterStyle) -> String {
        PostalAddressLayout.person.string(for: postalAddress.fields)
    }

    /// Returns an address passed as `Any`, or nil for any other object.
    open override func string(for obj: Any?) -> String? {
        guard let address = obj as? CNPostalAddress else { return nil }
        return string(from: address)
    }

    // MARK: Attributed strings

    /// Returns the address with, on each field's range, `CNPostalAddressPropertyAttribute` (the postal key,
    /// such as `CNPostalAddressCityKey`) and `CNPostalAddressLocalizedPropertyNameAttribute` (the field's
    /// localized name, such as "city").
    ///
    /// ```swift
    /// let text = formatter.attributedString(from: address, withDefaultAttributes: [:])
    /// ```
    ///
    /// - Parameters:
    ///   - postalAddress: The address to format.
    ///   - attributes: Attributes applied to the whole string; keys are `NSAttributedString.Key` or `String`.
    /// - Returns: The attributed address; empty when every field is empty.
    open func attributedString(
        from postalAddress: CNPostalAddress,
        withDefaultAttributes attributes: [AnyHashable: Any] = [:]
    ) -> NSAttributedString {
        Self.attributedString(layout: layout, address: postalAddress, attributes: attributes)
    }

    /// Returns the address in a style with the attributes of
    /// ``attributedString(from:withDefaultAttributes:)``, for the person's region.
    ///
    /// - Parameters:
    ///   - postalAddress: The address to format.
    ///   - style: `.mailingAddress`.
    ///   - attributes: Attributes applied to the whole string.
    /// - Returns: The attributed address; empty when every field is empty.
    open class func attributedString(
        from postalAddress: CNPostalAddress,
        style: CNPostalAddressFormatterStyle,
        withDefaultAttributes attributes: [AnyHashable: Any] = [:]
    ) -> NSAttributedString {
        attributedString(layout: .person, address: postalAddress, attributes: attributes)
    }

    private static func attributedString(
        layout: PostalAddressLayout,
        address: CNPostalAddress,
        attributes: [AnyHashable: Any]
    ) -> NSAttributedString {
        let fields = address.fields
        let runs = layout.runs(for: fields)
        let text = runs.reduce(into: "") { $0 += $1.text }
        let result = NSMutableAttributedString(string: text, attributes: AttributeKeys.convert(attributes))
        let propertyKey = NSAttributedString.Key(CNPostalAddressPropertyAttribute)
        let nameKey = NSAttributedString.Key(CNPostalAddressLocalizedPropertyNameAttribute)
        let region = layout.region(of: fields) ?? layout.personRegion
        var location = 0
        for run in runs {
            let length = run.text.utf16.count
            if let key = run.key {
                let range = NSRange(location: location, length: length)
                result.addAttribute(propertyKey, value: key, range: range)
                result.addAttribute(
                    nameKey, value: layout.localization.postalAddressKey(key, region: region), range: range)
            }
            location += length
        }
        return result
    }

    // MARK: Copying

    /// A formatter with the same style, region and language.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = CNPostalAddressFormatter(layout: layout)
        copy.style = style
        return copy
    }

    private init(layout: PostalAddressLayout) {
        self.layout = layout
        super.init()
    }
}
