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
    @usableFromInline var box: ManagedBuffer<ContactFields, Void>?

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

    /// The address of the fields, nil when none was set; valid while this storage holds them.
    ///
    /// The accessors are inlined into other modules and read a field through it in place: through a getter that
    /// returned a copy, the vCard writer retained and released every string it wrote (19% of serializing).
    @inlinable var fieldsAddress: UnsafeMutablePointer<ContactFields>? {
        box?.withUnsafeMutablePointerToHeader { $0 }
    }

    /// The fields, read in place; the defaults when none was set.
    @inline(__always)
    private func readFields<Result>(
        _ body: (borrowing ContactFields) -> Result, default value: @autoclosure () -> Result
    ) -> Result {
        guard let box else { return value() }
        return box.withUnsafeMutablePointerToHeader { body($0.pointee) }
    }

    /// Changes the fields in place after one check that this storage owns them, allocating them when none
    /// was set: a reader filling a contact's twenty fields through their accessors paid that check for each.
    package mutating func withUniqueFields<Result>(_ body: (inout ContactFields) throws -> Result) rethrows -> Result {
        try body(&uniqueFields().pointee)
    }

    /// The fields, owned by this storage alone: allocated on the first write, copied when shared.
    ///
    /// The address stays valid while `box` holds the buffer, which a caller's exclusive access to this
    /// storage (a `_modify` yielding a field through it) guarantees; the header never moves in its buffer.
    @usableFromInline mutating func uniqueFields() -> UnsafeMutablePointer<ContactFields> {
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
    @inlinable package var contactType: CNContactType {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.contactType } else { yield.person }
        }
        _modify { yield &uniqueFields().pointee.contactType }
    }

    @inlinable package var namePrefix: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.namePrefix } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.namePrefix }
    }

    @inlinable package var givenName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.givenName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.givenName }
    }

    @inlinable package var middleName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.middleName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.middleName }
    }

    @inlinable package var familyName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.familyName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.familyName }
    }

    @inlinable package var previousFamilyName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.previousFamilyName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.previousFamilyName }
    }

    @inlinable package var nameSuffix: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.nameSuffix } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.nameSuffix }
    }

    @inlinable package var nickname: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.nickname } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.nickname }
    }

    @inlinable package var phoneticGivenName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.phoneticGivenName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.phoneticGivenName }
    }

    @inlinable package var phoneticMiddleName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.phoneticMiddleName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.phoneticMiddleName }
    }

    @inlinable package var phoneticFamilyName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.phoneticFamilyName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.phoneticFamilyName }
    }

    @inlinable package var phoneticOrganizationName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.phoneticOrganizationName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.phoneticOrganizationName }
    }

    @inlinable package var organizationName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.organizationName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.organizationName }
    }

    @inlinable package var departmentName: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.departmentName } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.departmentName }
    }

    @inlinable package var jobTitle: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.jobTitle } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.jobTitle }
    }

    @inlinable package var note: String {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.note } else { yield "" }
        }
        _modify { yield &uniqueFields().pointee.note }
    }

    @inlinable package var imageData: Data? {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.imageData } else { yield nil }
        }
        _modify { yield &uniqueFields().pointee.imageData }
    }

    @inlinable package var thumbnailImageData: Data? {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.thumbnailImageData } else { yield nil }
        }
        _modify { yield &uniqueFields().pointee.thumbnailImageData }
    }

    @inlinable package var imageDataAvailable: Bool {
        _read {
            if let fields = fieldsAddress { yield fields.pointee.imageDataAvailable } else { yield false }
        }
        _modify { yield &uniqueFields().pointee.imageDataAvailable }
    }

    package var birthday: DateComponents? {
        get { readFields({ $0.storedBirthday?.components }, default: nil) }
        set { uniqueFields().pointee.birthday = newValue }
    }

    package var nonGregorianBirthday: DateComponents? {
        get { readFields({ $0.storedNonGregorianBirthday?.components }, default: nil) }
        set { uniqueFields().pointee.nonGregorianBirthday = newValue }
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
