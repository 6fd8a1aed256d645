import Foundation

/// A person or an organization in the person's contacts: names, numbers, addresses and more.
///
/// Contacts are immutable and thread-safe. A contact holds only the properties that were fetched;
/// reading any other property stops the process with `CNPropertyNotFetchedException` and the key's name,
/// as Apple platforms raise that exception. Check with ``isKeyAvailable(_:)`` when unsure.
/// To change a contact, make a `mutableCopy()` and save it with a `CNSaveRequest`.
///
/// ```swift
/// let keys = [CNContactGivenNameKey, CNContactFamilyNameKey] as [CNKeyDescriptor]
/// let contact = try store.unifiedContact(withIdentifier: id, keysToFetch: keys)
/// print(contact.givenName)
/// ```
///
/// Parity: full, except drag and drop (`NSItemProviderReading`/`Writing`), which needs AppKit or UIKit.
/// Properties are read without authorization checks: the store checks access when it fetches.
open class CNContact: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, Identifiable, @unchecked Sendable {
    // SAFETY: CNContact never changes its storage after initialization; only CNMutableContact does, and
    // it is not thread-safe by contract, as on Apple platforms. TODO(#2): revisit when NSObject is
    // Sendable on Linux.

    /// The contact's fields and the set of keys it holds.
    ///
    /// Final so other modules of the package read one field in place: through an overridable accessor,
    /// `contact.storage.givenName` would copy the whole storage (about 200 ns instead of 6 ns).
    ///
    /// Without dynamic exclusivity checks: each read of a class's stored `var` otherwise begins and ends a
    /// tracked access (`swift_beginAccess`), 76 of the `identifier` getter's 125 instructions (callgrind),
    /// paid once per contact in a fetch of every identifier, and once per field everywhere else. The checks
    /// only catch two overlapping accesses on one thread; no API of the contact runs a caller's code while it
    /// accesses its storage (getters and setters copy in or out), so no caller can make one, and the
    /// package's own code changes the storage only through plain assignments and closures that do not touch
    /// the contact. Across threads they never caught anything: a contact is immutable, a mutable one is not
    /// thread-safe.
    @exclusivity(unchecked) package final var storage: ContactStorage

    /// Creates an empty contact with a new identifier that holds every key.
    public override init() {
        self.storage = ContactStorage(identifier: ContactStorage.newIdentifier(), fetchedKeys: .all)
        super.init()
    }

    /// Creates a contact from storage the store or a reader filled; the cheap way to build partial contacts.
    package init(storage: ContactStorage) {
        self.storage = storage
        super.init()
    }

    /// The unique identifier of the contact, always available.
    ///
    /// It persists across launches on this machine; fetch results may carry the identifier of a linked
    /// contact instead of the one asked for.
    open var identifier: String { storage.identifier }

    /// A UUID derived from ``identifier``, for `Identifiable`.
    open var id: UUID { ContactIdentity.uuid(for: storage.identifier) }

    /// The contact's type, person or organization.
    open var contactType: CNContactType {
        storage.require(.contactType)
        return storage.contactType
    }

    /// The name prefix, such as "Dr.".
    open var namePrefix: String {
        storage.require(.namePrefix)
        return storage.namePrefix
    }

    /// The given name.
    open var givenName: String {
        storage.require(.givenName)
        return storage.givenName
    }

    /// The middle name.
    open var middleName: String {
        storage.require(.middleName)
        return storage.middleName
    }

    /// The family name.
    open var familyName: String {
        storage.require(.familyName)
        return storage.familyName
    }

    /// The previous family name, such as a maiden name.
    open var previousFamilyName: String {
        storage.require(.previousFamilyName)
        return storage.previousFamilyName
    }

    /// The name suffix, such as "Jr.".
    open var nameSuffix: String {
        storage.require(.nameSuffix)
        return storage.nameSuffix
    }

    /// The nickname.
    open var nickname: String {
        storage.require(.nickname)
        return storage.nickname
    }

    /// The phonetic spelling of the given name.
    open var phoneticGivenName: String {
        storage.require(.phoneticGivenName)
        return storage.phoneticGivenName
    }

    /// The phonetic spelling of the middle name.
    open var phoneticMiddleName: String {
        storage.require(.phoneticMiddleName)
        return storage.phoneticMiddleName
    }

    /// The phonetic spelling of the family name.
    open var phoneticFamilyName: String {
        storage.require(.phoneticFamilyName)
        return storage.phoneticFamilyName
    }

    /// The phonetic spelling of the organization name.
    open var phoneticOrganizationName: String {
        storage.require(.phoneticOrganizationName)
        return storage.phoneticOrganizationName
    }

    /// The organization name.
    open var organizationName: String {
        storage.require(.organizationName)
        return storage.organizationName
    }

    /// The department name.
    open var departmentName: String {
        storage.require(.departmentName)
        return storage.departmentName
    }

    /// The job title.
    open var jobTitle: String {
        storage.require(.jobTitle)
        return storage.jobTitle
    }

    /// The Gregorian birthday; the year is optional.
    open var birthday: DateComponents? {
        storage.require(.birthday)
        return storage.birthday
    }

    /// The birthday in a non-Gregorian calendar, such as the Hebrew calendar.
    open var nonGregorianBirthday: DateComponents? {
        storage.require(.nonGregorianBirthday)
        return storage.nonGregorianBirthday
    }

    /// The note; reading or writing it needs the notes entitlement.
    open var note: String {
        storage.require(.note)
        return storage.note
    }

    /// The full-size image.
    open var imageData: Data? {
        storage.require(.imageData)
        return storage.imageData
    }

    /// The thumbnail, derived from the image by the store.
    open var thumbnailImageData: Data? {
        storage.require(.thumbnailImageData)
        return storage.thumbnailImageData
    }

    /// Whether the contact has an image; fetching this key does not load the image.
    open var imageDataAvailable: Bool {
        storage.require(.imageDataAvailable)
        return storage.imageDataAvailable
    }

    /// The phone numbers.
    open var phoneNumbers: [CNLabeledValue<CNPhoneNumber>] {
        storage.require(.phoneNumbers)
        return storage.phoneNumbers
    }

    /// The e-mail addresses.
    open var emailAddresses: [CNLabeledValue<NSString>] {
        storage.require(.emailAddresses)
        return storage.emailAddresses
    }

    /// The postal addresses.
    open var postalAddresses: [CNLabeledValue<CNPostalAddress>] {
        storage.require(.postalAddresses)
        return storage.postalAddresses
    }

    /// Labeled dates, such as anniversaries.
    open var dates: [CNLabeledValue<NSDateComponents>] {
        storage.require(.dates)
        return storage.dates
    }

    /// The URL addresses.
    open var urlAddresses: [CNLabeledValue<NSString>] {
        storage.require(.urlAddresses)
        return storage.urlAddresses
    }

    /// The related names.
    open var contactRelations: [CNLabeledValue<CNContactRelation>] {
        storage.require(.contactRelations)
        return storage.contactRelations
    }

    /// The social profiles.
    open var socialProfiles: [CNLabeledValue<CNSocialProfile>] {
        storage.require(.socialProfiles)
        return storage.socialProfiles
    }

    /// The instant message addresses.
    open var instantMessageAddresses: [CNLabeledValue<CNInstantMessageAddress>] {
        storage.require(.instantMessageAddresses)
        return storage.instantMessageAddresses
    }

    // MARK: Keys

    /// Whether the contact holds the property of a key.
    ///
    /// - Parameter key: A contact key constant such as `CNContactGivenNameKey`.
    /// - Returns: True when the property was fetched.
    open func isKeyAvailable(_ key: String) -> Bool {
        guard let property = ContactProperty(key: key) else { return false }
        return storage.fetchedKeys.contains(property)
    }

    /// Whether the contact holds every key the descriptors name, aggregates expanded.
    ///
    /// - Parameter keyDescriptors: Keys and aggregate descriptors, such as a formatter's required keys.
    /// - Returns: True when every named key was fetched.
    open func areKeysAvailable(_ keyDescriptors: [any CNKeyDescriptor]) -> Bool {
        KeyDescriptorExpansion.keys(of: keyDescriptors).allSatisfy(isKeyAvailable)
    }

    /// Whether this unified contact includes the linked contact with the identifier.
    ///
    /// - Parameter contactIdentifier: The identifier of a contact that may be linked into this one.
    /// - Returns: False for an empty identifier or when the contact was not fetched unified.
    open func isUnifiedWithContact(withIdentifier contactIdentifier: String) -> Bool {
        !contactIdentifier.isEmpty && storage.linkedIdentifiers.contains(contactIdentifier)
    }

    /// The localized name of a contact key, such as "Nickname".
    ///
    /// Parity: partial. 12 languages (see ``Localization``), in our own wording.
    open class func localizedString(forKey key: String) -> String {
        Localization.current.contactKey(key)
    }

    // MARK: Copying

    open func copy(with zone: NSZone? = nil) -> Any {
        CNContact(storage: storage)
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        CNMutableContact(storage: storage)
    }

    // MARK: Secure coding

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    public required init?(coder: NSCoder) {
        guard let storage = ContactCoding.decode(from: coder) else { return nil }
        self.storage = storage
        super.init()
    }

    open func encode(with coder: NSCoder) {
        ContactCoding.encode(storage, to: coder)
    }

    // MARK: Equality

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNContact else { return false }
        return storage.hasSameValues(as: other.storage)
    }

    open override var hash: Int {
        storage.identifier.hashValue
    }

    open override var description: String {
        // Identifiers and keys only: field values are personal data.
        "<\(type(of: self)) identifier=\(storage.identifier) keys=\(storage.fetchedKeys.keys.joined(separator: ","))>"
    }
}
