import Foundation

/// The person's contact settings: the sort order and the country code for phone numbers.
///
/// Read from the locale environment (`LC_ALL`, then `LANG`) and from an optional settings file,
/// `$XDG_CONFIG_HOME/contacts/defaults.json` (`~/.config/contacts/defaults.json`), whose keys `sortOrder`
/// ("givenName" or "familyName"), `displayOrder` ("givenNameFirst" or "familyNameFirst") and
/// `countryCode` (ISO 3166-1, such as "FR") override the locale.
///
/// ```swift
/// let order = CNContactsUserDefaults.shared().sortOrder   // .givenName or .familyName
/// ```
///
/// The settings are read once per process, on first use, as an app reads its defaults at launch; a
/// change to the environment or the file takes effect in the next process.
///
/// Parity: full. `sortOrder` is never `.userDefault`; `countryCode` is upper case.
open class CNContactsUserDefaults: NSObject, @unchecked Sendable {
    // SAFETY: immutable after initialization; TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The order in which the person sorts contacts: `.givenName` or `.familyName`.
    open private(set) var sortOrder: CNContactSortOrder

    /// The ISO 3166-1 code of the person's region, upper case, used as the default region of phone numbers.
    open private(set) var countryCode: String

    /// The order in which the person displays names; `.userDefault` when only the locale decides.
    package private(set) var displayNameOrder: CNContactDisplayNameOrder

    /// The person's language and region tag, such as "en_US".
    package private(set) var localeIdentifier: String

    /// The settings of the person running this process.
    open class func shared() -> Self {
        Self()
    }

    /// Reads the settings of the person running this process.
    public required convenience override init() {
        self.init(settings: Self.processSettings)
    }

    /// The settings of this process, read once: phone-number parsing asks for the region of every number,
    /// and rereading the settings file each time would put file I/O on the store's hot path.
    private static let processSettings = UserSettings.load(environment: ProcessInfo.processInfo.environment)

    /// Creates defaults from explicit settings, so tests need not change the process environment.
    package init(settings: UserSettings) {
        self.sortOrder = settings.sortOrder
        self.countryCode = settings.countryCode
        self.displayNameOrder = settings.displayNameOrder
        self.localeIdentifier = settings.localeIdentifier
        super.init()
    }
}
