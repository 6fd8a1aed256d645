import ContactsModel
import Foundation

/// Formats a contact's name for display: "John Appleseed", "Mr. John Richter James Doe Sr.", "山田太郎".
///
/// The formatter orders the name parts by the script of the name first (Chinese, Japanese and Korean names
/// are written family name first), then by the person's display-order setting, then by the language of
/// their locale (family name first in Hungarian, Japanese, Korean, Vietnamese, Cantonese and Chinese).
/// Organizations show their organization name; a person without a name shows the nickname, then the
/// organization name; with nothing to show, the result is nil.
///
/// ```swift
/// let keys = [CNContactFormatter.descriptorForRequiredKeys(for: .fullName)]
/// let contact = try store.unifiedContact(withIdentifier: id, keysToFetch: keys)
/// let name = CNContactFormatter.string(from: contact, style: .fullName)   // "John Appleseed"
/// ```
///
/// The contact must hold the keys of ``descriptorForRequiredKeys(for:)``; otherwise the process stops with
/// `CNPropertyNotFetchedException`, as reading a property that was not fetched does.
///
/// Parity: full. The rules Apple does not document are ours and listed in docs/Formatting.md. The person's
/// settings are read once per process. Needs no authorization; reads only the keys named above.
open class CNContactFormatter: Formatter, NSSecureCoding {
    /// The style of the names this formatter returns; `.fullName` by default.
    open var style: CNContactFormatterStyle = .fullName

    /// The name engine with the settings in use.
    let names: NameFormatter

    /// Creates a formatter with the `.fullName` style and the person's settings.
    public override init() {
        names = .person
        super.init()
    }

    /// Creates a formatter with explicit settings, so tests need not change the person's environment.
    package init(settings: UserSettings) {
        names = NameFormatter(settings: settings)
        super.init()
    }

    // MARK: Strings

    /// Returns the contact's name in the formatter's style.
    ///
    /// - Parameter contact: A contact that holds the keys of ``descriptorForRequiredKeys(for:)``.
    /// - Returns: The formatted name, or nil when the contact has nothing to show in the style.
    open func string(from contact: CNContact) -> String? {
        names.string(from: contact, style: style)
    }

    /// Returns the contact's name in a style, using the person's settings.
    ///
    /// ```swift
    /// CNContactFormatter.string(from: contact, style: .fullName)   // "John Appleseed"
    /// ```
    ///
    /// - Parameters:
    ///   - contact: A contact that holds the keys of ``descriptorForRequiredKeys(for:)`` for the style.
    ///   - style: `.fullName` or `.phoneticFullName`.
    /// - Returns: The formatted name, or nil when the contact has nothing to show in the style.
    open class func string(from contact: CNContact, style: CNContactFormatterStyle) -> String? {
        NameFormatter.person.string(from: contact, style: style)
    }

    /// Returns the name of a contact passed as `Any`, or nil for any other object.
    open override func string(for obj: Any?) -> String? {
        guard let contact = obj as? CNContact else { return nil }
        return string(from: contact)
    }

    // MARK: Attributed strings

    /// Returns the contact's name with `CNContactPropertyAttribute` on each part, whose value is the part's
    /// contact key (for example `CNContactGivenNameKey`).
    ///
    /// ```swift
    /// let text = formatter.attributedString(from: contact)
    /// text?.attribute(NSAttributedString.Key(CNContactPropertyAttribute), at: 0, effectiveRange: nil)
    /// // "givenName"
    /// ```
    ///
    /// - Parameters:
    ///   - contact: A contact that holds the keys of ``descriptorForRequiredKeys(for:)``.
    ///   - attributes: Attributes applied to the whole string; keys are `NSAttributedString.Key` or `String`.
    /// - Returns: The attributed name, or nil when the contact has nothing to show in the style.
    open func attributedString(
        from contact: CNContact,
        defaultAttributes attributes: [AnyHashable: Any]? = nil
    ) -> NSAttributedString? {
        Self.attributedString(names: names, contact: contact, style: style, attributes: attributes)
    }

    /// Returns the contact's name in a style with `CNContactPropertyAttribute` on each part, using the
    /// person's settings.
    ///
    /// - Parameters:
    ///   - contact: A contact that holds the keys of ``descriptorForRequiredKeys(for:)`` for the style.
    ///   - style: `.fullName` or `.phoneticFullName`.
    ///   - attributes: Attributes applied to the whole string.
    /// - Returns: The attributed name, or nil when the contact has nothing to show in the style.
    open class func attributedString(
        from contact: CNContact,
        style: CNContactFormatterStyle,
        defaultAttributes attributes: [AnyHashable: Any]? = nil
    ) -> NSAttributedString? {
        attributedString(names: .person, contact: contact, style: style, attributes: attributes)
    }

    private static func attributedString(
        names: NameFormatter,
        contact: CNContact,
        style: CNContactFormatterStyle,
        attributes: [AnyHashable: Any]?
    ) -> NSAttributedString? {
        guard let (parts, delimiter) = names.parts(of: contact, style: style) else { return nil }
        let text = parts.map(\.text).joined(separator: delimiter)
        let result = NSMutableAttributedString(string: text, attributes: AttributeKeys.convert(attributes))
        let key = NSAttributedString.Key(CNContactPropertyAttribute)
        let delimiterLength = delimiter.utf16.count
        var location = 0
        for part in parts {
            let length = part.text.utf16.count
            result.addAttribute(key, value: part.property.key, range: NSRange(location: location, length: length))
            location += length + delimiterLength
        }
        return result
    }

    // MARK: Order and delimiter

    /// The order in which the contact's name is displayed: `.givenNameFirst` or `.familyNameFirst`.
    ///
    /// - Parameter contact: A contact that holds the keys of ``descriptorForRequiredKeysForNameOrder``.
    /// - Returns: The resolved order, never `.userDefault`; for a contact without a name, the person's default.
    open class func nameOrder(for contact: CNContact) -> CNContactDisplayNameOrder {
        NameFormatter.person.nameOrder(for: contact)
    }

    /// The text placed between the parts of the contact's name: " ", or "" for Chinese, Japanese and Korean
    /// names and for contacts without a given, middle or family name.
    ///
    /// - Parameter contact: A contact that holds the keys of ``descriptorForRequiredKeysForDelimiter``.
    open class func delimiter(for contact: CNContact) -> String {
        NameFormatter.person.delimiter(for: contact)
    }

    /// The resolved name order for the contact with this formatter's settings.
    package func nameOrder(for contact: CNContact) -> CNContactDisplayNameOrder {
        names.nameOrder(for: contact)
    }

    /// The delimiter for the contact with this formatter's settings.
    package func delimiter(for contact: CNContact) -> String {
        names.delimiter(for: contact)
    }

    // MARK: Coding and copying

    /// True: the formatter archives its style with secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Decodes a formatter archived with ``encode(with:)``; it uses the person's settings.
    public required init?(coder: NSCoder) {
        names = .person
        super.init(coder: coder)
        let raw = coder.decodeInteger(forKey: "style")
        style = CNContactFormatterStyle(rawValue: raw) ?? .fullName
    }

    /// Archives the style; settings are the reader's, not archived.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(style.rawValue, forKey: "style")
    }

    /// A formatter with the same style and settings.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = CNContactFormatter(names: names)
        copy.style = style
        return copy
    }

    private init(names: NameFormatter) {
        self.names = names
        super.init()
    }

    // MARK: Required keys

    /// The keys a contact must hold to be formatted in a style; combine several styles freely.
    ///
    /// `.fullName`: name prefix, given, middle and family name, name suffix, contact type, organization name
    /// and nickname. `.phoneticFullName`: given, middle and family name, their phonetic spellings, the
    /// phonetic organization name and the contact type.
    ///
    /// ```swift
    /// let request = CNContactFetchRequest(keysToFetch: [CNContactFormatter.descriptorForRequiredKeys(for: .fullName)])
    /// ```
    ///
    /// - Parameter style: The style the contacts will be formatted in.
    /// - Returns: An aggregate descriptor to put in `keysToFetch`.
    open class func descriptorForRequiredKeys(for style: CNContactFormatterStyle) -> any CNKeyDescriptor {
        switch style {
        case .fullName: fullNameDescriptor
        case .phoneticFullName: phoneticFullNameDescriptor
        }
    }

    /// The keys ``nameOrder(for:)`` reads: given, middle and family name.
    open class var descriptorForRequiredKeysForNameOrder: any CNKeyDescriptor {
        nameOrderDescriptor
    }

    /// The keys ``delimiter(for:)`` reads: given, middle and family name.
    open class var descriptorForRequiredKeysForDelimiter: any CNKeyDescriptor {
        delimiterDescriptor
    }
}
