import Foundation

/// The fields of a contact in one value, so copying a contact copies a struct.
///
/// The store builds partial contacts by filling the fields it fetched and setting ``fetchedKeys``.
///
/// Only the identifier and the fetched keys are held inline; every other field is in one ``ContactFields``
/// behind a reference, allocated when the first of them is set and copied on write when shared. A contact
/// read with only its identifier (an app listing identifiers, a sync comparing them) is then 40 bytes that
/// move with a few stores and are destroyed with two releases, where thirty inline fields were copied on
/// each move (three per contact handed out) and released one by one. The fields keep their names as
/// computed properties, so code that reads or sets `storage.givenName` is unchanged.
package struct ContactStorage: @unchecked Sendable {
    // SAFETY: the labeled values and date components inside are immutable copies, and the fields behind
    // `box` are copied before any write while another storage shares them; the struct is mutated only
    // through CNMutableContact, which is not thread-safe by contract. TODO(#2): drop @unchecked when
    // NSDateComponents is Sendable on Linux.

    package var identifier: String
    package var fetchedKeys: ContactKeySet

    /// Whether the contact was read unified and no other contact is linked to it: its linked identifiers are
    /// its own alone, without an array allocated for each contact read. Inline, so a unified read of
    /// identifiers allocates no fields.
    private var isUnifiedAlone = false

    /// The other fields; nil while all of them hold their defaults. A `ManagedBuffer` rather than a class
    /// with a stored `var`: each access to a class's stored `var` through a reference begins a dynamic
    /// exclusivity check, and the header is reached by address instead.
    private var box: ManagedBuffer<ContactFields, Void>?

    /// Creates storage with empty fields.
    ///
    /// - Parameters:
    ///   - identifier: The contact's identifier.
    ///   - fetchedKeys: The keys the contact holds; the identifier is always added.
    package init(identifier: String, fetchedKeys: ContactKeySet) {
        self.identifier = identifier
        self.fetchedKeys = fetchedKeys.union(.identifierOnly)
    }

    /// A new identifier in the form Apple's desktop store uses.
    package static func newIdentifier() -> String {
        LocalUUID.string() + ":ABPerson"
    }

    /// The fields, read in place; the defaults when none was set.
    @inline(__always)
    private func readFields<Result>(_ body: (borrowing ContactFields) -> Result, default value: @autoclosure () -> Result) -> Result {
        guard let box else { return value() }
        return box.withUnsafeMutablePointerToHeader { body($0.pointee) }
    }

    /// The fields, owned by this storage alone: allocated on the first write, copied when shared.
    ///
    /// The address stays valid while `box` holds the buffer, which a caller's exclusive access to this
    /// storage (a `_modify` yielding a field through it) guarantees; the header never moves in its buffer.
    private mutating func uniqueFields() -> UnsafeMutablePointer<ContactFields> {
        if !isKnownUniquelyReferenced(&box) {
            let shared = box
            box = ManagedBuffer<ContactFields, Void>.create(minimumCapacity: 0) { _ in
                shared?.withUnsafeMutablePointerToHeader { $0.pointee } ?? ContactFields()
            }
        }
        guard let box else { preconditionFailure("the fields were allocated above") }
        return box.withUnsafeMutablePointerToHeader { $0 }
    }
}

extension ContactStorage {
    package var contactType: CNContactType {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.contactType } ?? .person }
        _modify { yield &uniqueFields().pointee.contactType }
    }

    package var namePrefix: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.namePrefix } ?? "" }
        _modify { yield &uniqueFields().pointee.namePrefix }
    }

    package var givenName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.givenName } ?? "" }
        _modify { yield &uniqueFields().pointee.givenName }
    }

    package var middleName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.middleName } ?? "" }
        _modify { yield &uniqueFields().pointee.middleName }
    }

    package var familyName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.familyName } ?? "" }
        _modify { yield &uniqueFields().pointee.familyName }
    }

    package var previousFamilyName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.previousFamilyName } ?? "" }
        _modify { yield &uniqueFields().pointee.previousFamilyName }
    }

    package var nameSuffix: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.nameSuffix } ?? "" }
        _modify { yield &uniqueFields().pointee.nameSuffix }
    }

    package var nickname: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.nickname } ?? "" }
        _modify { yield &uniqueFields().pointee.nickname }
    }

    package var phoneticGivenName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.phoneticGivenName } ?? "" }
        _modify { yield &uniqueFields().pointee.phoneticGivenName }
    }

    package var phoneticMiddleName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.phoneticMiddleName } ?? "" }
        _modify { yield &uniqueFields().pointee.phoneticMiddleName }
    }

    package var phoneticFamilyName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.phoneticFamilyName } ?? "" }
        _modify { yield &uniqueFields().pointee.phoneticFamilyName }
    }

    package var phoneticOrganizationName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.phoneticOrganizationName } ?? "" }
        _modify { yield &uniqueFields().pointee.phoneticOrganizationName }
    }

    package var organizationName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.organizationName } ?? "" }
        _modify { yield &uniqueFields().pointee.organizationName }
    }

    package var departmentName: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.departmentName } ?? "" }
        _modify { yield &uniqueFields().pointee.departmentName }
    }

    package var jobTitle: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.jobTitle } ?? "" }
        _modify { yield &uniqueFields().pointee.jobTitle }
    }

    package var note: String {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.note } ?? "" }
        _modify { yield &uniqueFields().pointee.note }
    }

    package var imageData: Data? {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.imageData } }
        _modify { yield &uniqueFields().pointee.imageData }
    }

    package var thumbnailImageData: Data? {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.thumbnailImageData } }
        _modify { yield &uniqueFields().pointee.thumbnailImageData }
    }

    package var imageDataAvailable: Bool {
        get { box?.withUnsafeMutablePointerToHeader { $0.pointee.imageDataAvailable } ?? false }
        _modify { yield &uniqueFields().pointee.imageDataAvailable }
    }

    package var birthday: DateComponents? {
        get { readFields({ $0.storedBirthday?.components }, default: nil) }
        set { uniqueFields().pointee.storedBirthday = newValue.map(BoxedDateComponents.init) }
    }

    package var nonGregorianBirthday: DateComponents? {
        get { readFields({ $0.storedNonGregorianBirthday?.components }, default: nil) }
        set { uniqueFields().pointee.storedNonGregorianBirthday = newValue.map(BoxedDateComponents.init) }
    }

    /// The labeled values a store read and left undecoded; nil when every list is in this storage.
    package var deferredValues: DeferredLabeledValues? {
        readFields({ $0.deferredValues }, default: nil)
    }

    /// The multi-valued properties read from ``deferredValues``; setting one takes it out.
    package var deferredKeys: ContactKeySet {
        readFields({ $0.deferredKeys }, default: [])
    }
}

extension ContactStorage {
    /// Leaves the labeled values of `keys` to be decoded from `values` on first access.
    ///
    /// - Parameters:
    ///   - values: The undecoded values, which must hold every property of `keys`.
    ///   - keys: Multi-valued properties; the others are ignored.
    package mutating func deferLabeledValues(_ keys: ContactKeySet, to values: DeferredLabeledValues) {
        let multiValued = keys.intersection(.multiValued)
        guard !multiValued.isEmpty else { return }
        let fields = uniqueFields()
        fields.pointee.deferredValues = values
        fields.pointee.deferredKeys = multiValued
    }

    /// Appends the texts of a property's values to `texts` as the store read them, without building a labeled
    /// value (``LabeledValueTexts``); false, appending nothing, when the property's values are not deferred (this
    /// storage holds them itself, or an app set them) or their source keeps no texts.
    package func appendStoredTexts(of property: ContactProperty, to texts: inout LabeledValueTexts) -> Bool {
        guard deferredKeys.contains(property), let deferredValues else { return false }
        return deferredValues.appendTexts(of: property, to: &texts)
    }

    /// A list of labeled values: decoded on first access when deferred, else this storage's own.
    @inline(__always)
    private func labeledValues<Value: Sendable>(
        _ property: ContactProperty, _ list: (borrowing LabeledValueLists) -> Value
    ) -> Value {
        guard let box else { return list(LabeledValueLists()) }
        return box.withUnsafeMutablePointerToHeader { fields in
            if fields.pointee.deferredKeys.contains(property), let deferredValues = fields.pointee.deferredValues {
                return deferredValues.read(property, list)
            }
            return list(fields.pointee.ownLabeledValues)
        }
    }

    package var phoneNumbers: [CNLabeledValue<CNPhoneNumber>] {
        get { labeledValues(.phoneNumbers) { $0.phoneNumbers } }
        set {
            let fields = uniqueFields()
            fields.pointee.ownLabeledValues.phoneNumbers = newValue
            fields.pointee.deferredKeys.remove(ContactKeySet(.phoneNumbers))
        }
    }

    package var emailAddresses: [CNLabeledValue<NSString>] {
        get { labeledValues(.emailAddresses) { $0.emailAddresses } }
        set {
            let fields = uniqueFields()
            fields.pointee.ownLabeledValues.emailAddresses = newValue
            fields.pointee.deferredKeys.remove(ContactKeySet(.emailAddresses))
        }
    }

    package var postalAddresses: [CNLabeledValue<CNPostalAddress>] {
        get { labeledValues(.postalAddresses) { $0.postalAddresses } }
        set {
            let fields = uniqueFields()
            fields.pointee.ownLabeledValues.postalAddresses = newValue
            fields.pointee.deferredKeys.remove(ContactKeySet(.postalAddresses))
        }
    }

    package var dates: [CNLabeledValue<NSDateComponents>] {
        get { labeledValues(.dates) { $0.dates } }
        set {
            let fields = uniqueFields()
            fields.pointee.ownLabeledValues.dates = newValue
            fields.pointee.deferredKeys.remove(ContactKeySet(.dates))
        }
    }

    package var urlAddresses: [CNLabeledValue<NSString>] {
        get { labeledValues(.urlAddresses) { $0.urlAddresses } }
        set {
            let fields = uniqueFields()
            fields.pointee.ownLabeledValues.urlAddresses = newValue
            fields.pointee.deferredKeys.remove(ContactKeySet(.urlAddresses))
        }
    }

    package var contactRelations: [CNLabeledValue<CNContactRelation>] {
        get { labeledValues(.contactRelations) { $0.contactRelations } }
        set {
            let fields = uniqueFields()
            fields.pointee.ownLabeledValues.contactRelations = newValue
            fields.pointee.deferredKeys.remove(ContactKeySet(.contactRelations))
        }
    }

    package var socialProfiles: [CNLabeledValue<CNSocialProfile>] {
        get { labeledValues(.socialProfiles) { $0.socialProfiles } }
        set {
            let fields = uniqueFields()
            fields.pointee.ownLabeledValues.socialProfiles = newValue
            fields.pointee.deferredKeys.remove(ContactKeySet(.socialProfiles))
        }
    }

    package var instantMessageAddresses: [CNLabeledValue<CNInstantMessageAddress>] {
        get { labeledValues(.instantMessageAddresses) { $0.instantMessageAddresses } }
        set {
            let fields = uniqueFields()
            fields.pointee.ownLabeledValues.instantMessageAddresses = newValue
            fields.pointee.deferredKeys.remove(ContactKeySet(.instantMessageAddresses))
        }
    }
}

extension ContactStorage {
    /// The identifiers of the contacts unified into this one, its own included; empty when the contact
    /// was not fetched unified.
    package var linkedIdentifiers: [String] {
        get { isUnifiedAlone ? [identifier] : readFields({ $0.storedLinkedIdentifiers }, default: []) }
        set {
            // No fields are allocated to hold an empty list.
            if box != nil || !newValue.isEmpty {
                uniqueFields().pointee.storedLinkedIdentifiers = newValue
            }
            isUnifiedAlone = false
        }
    }

    /// How many identifiers ``linkedIdentifiers`` holds, without building the array.
    package var linkedIdentifierCount: Int {
        isUnifiedAlone ? 1 : readFields({ $0.storedLinkedIdentifiers.count }, default: 0)
    }

    /// Marks the contact as read unified with no other contact linked to it: its own identifier is its only
    /// linked identifier.
    package mutating func setUnifiedAlone() {
        if readFields({ !$0.storedLinkedIdentifiers.isEmpty }, default: false) {
            uniqueFields().pointee.storedLinkedIdentifiers = []
        }
        isUnifiedAlone = true
    }
}

extension ContactStorage {
    /// Stops the process when a property was not fetched, as Apple platforms raise
    /// `CNPropertyNotFetchedException`.
    ///
    /// This is a programmer error, not a recoverable condition: the message names the key, never a value.
    @inline(__always)
    package func require(_ property: ContactProperty) {
        if !fetchedKeys.contains(property) {
            propertyNotFetched(property)
        }
    }
}

/// Stops the process for a property that was not fetched.
package func propertyNotFetched(_ property: ContactProperty) -> Never {
    fatalError(
        "\(CNContactPropertyNotFetchedExceptionName): A property was not requested when contact was fetched: "
            + property.key
    )
}
