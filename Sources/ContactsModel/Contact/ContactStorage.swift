import Foundation

/// The fields of a contact in one value, so copying a contact copies a struct.
///
/// The store builds partial contacts by filling the fields it fetched and setting ``fetchedKeys``.
package struct ContactStorage: @unchecked Sendable {
    // SAFETY: the labeled values and date components inside are immutable copies; the struct is mutated
    // only through CNMutableContact, which is not thread-safe by contract. TODO(#2): drop @unchecked when
    // NSDateComponents is Sendable on Linux.

    package var identifier: String
    package var fetchedKeys: ContactKeySet
    package var contactType: CNContactType = .person
    package var namePrefix = ""
    package var givenName = ""
    package var middleName = ""
    package var familyName = ""
    package var previousFamilyName = ""
    package var nameSuffix = ""
    package var nickname = ""
    package var phoneticGivenName = ""
    package var phoneticMiddleName = ""
    package var phoneticFamilyName = ""
    package var phoneticOrganizationName = ""
    package var organizationName = ""
    package var departmentName = ""
    package var jobTitle = ""
    /// The birthdays, boxed: `DateComponents?` takes 283 bytes inline, and two of them were more than half
    /// of every contact's storage, copied and cleared with each contact read, even when no date was fetched.
    private var storedBirthday: BoxedDateComponents?
    private var storedNonGregorianBirthday: BoxedDateComponents?
    package var note = ""
    package var imageData: Data?
    package var thumbnailImageData: Data?
    package var imageDataAvailable = false

    /// The labeled values this storage holds itself: all of them, except the properties in ``deferredKeys``.
    private var ownLabeledValues = LabeledValueLists()

    /// The labeled values a store read and left undecoded; nil when every list is in this storage.
    package private(set) var deferredValues: DeferredLabeledValues?

    /// The multi-valued properties read from ``deferredValues``; setting one takes it out.
    package private(set) var deferredKeys: ContactKeySet = []

    /// The identifiers of the contacts unified into this one, unless ``isUnifiedAlone`` says it is only its own.
    private var storedLinkedIdentifiers: [String] = []

    /// Whether the contact was read unified and no other contact is linked to it: its linked identifiers are
    /// its own alone, without an array allocated for each contact read.
    private var isUnifiedAlone = false

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
        deferredValues = values
        deferredKeys = multiValued
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
        if deferredKeys.contains(property), let deferredValues {
            return deferredValues.read(property, list)
        }
        return list(ownLabeledValues)
    }

    package var phoneNumbers: [CNLabeledValue<CNPhoneNumber>] {
        get { labeledValues(.phoneNumbers) { $0.phoneNumbers } }
        set {
            ownLabeledValues.phoneNumbers = newValue
            deferredKeys.remove(ContactKeySet(.phoneNumbers))
        }
    }

    package var emailAddresses: [CNLabeledValue<NSString>] {
        get { labeledValues(.emailAddresses) { $0.emailAddresses } }
        set {
            ownLabeledValues.emailAddresses = newValue
            deferredKeys.remove(ContactKeySet(.emailAddresses))
        }
    }

    package var postalAddresses: [CNLabeledValue<CNPostalAddress>] {
        get { labeledValues(.postalAddresses) { $0.postalAddresses } }
        set {
            ownLabeledValues.postalAddresses = newValue
            deferredKeys.remove(ContactKeySet(.postalAddresses))
        }
    }

    package var dates: [CNLabeledValue<NSDateComponents>] {
        get { labeledValues(.dates) { $0.dates } }
        set {
            ownLabeledValues.dates = newValue
            deferredKeys.remove(ContactKeySet(.dates))
        }
    }

    package var urlAddresses: [CNLabeledValue<NSString>] {
        get { labeledValues(.urlAddresses) { $0.urlAddresses } }
        set {
            ownLabeledValues.urlAddresses = newValue
            deferredKeys.remove(ContactKeySet(.urlAddresses))
        }
    }

    package var contactRelations: [CNLabeledValue<CNContactRelation>] {
        get { labeledValues(.contactRelations) { $0.contactRelations } }
        set {
            ownLabeledValues.contactRelations = newValue
            deferredKeys.remove(ContactKeySet(.contactRelations))
        }
    }

    package var socialProfiles: [CNLabeledValue<CNSocialProfile>] {
        get { labeledValues(.socialProfiles) { $0.socialProfiles } }
        set {
            ownLabeledValues.socialProfiles = newValue
            deferredKeys.remove(ContactKeySet(.socialProfiles))
        }
    }

    package var instantMessageAddresses: [CNLabeledValue<CNInstantMessageAddress>] {
        get { labeledValues(.instantMessageAddresses) { $0.instantMessageAddresses } }
        set {
            ownLabeledValues.instantMessageAddresses = newValue
            deferredKeys.remove(ContactKeySet(.instantMessageAddresses))
        }
    }
}

extension ContactStorage {
    /// The identifiers of the contacts unified into this one, its own included; empty when the contact
    /// was not fetched unified.
    package var linkedIdentifiers: [String] {
        get { isUnifiedAlone ? [identifier] : storedLinkedIdentifiers }
        set {
            storedLinkedIdentifiers = newValue
            isUnifiedAlone = false
        }
    }

    /// How many identifiers ``linkedIdentifiers`` holds, without building the array.
    package var linkedIdentifierCount: Int {
        isUnifiedAlone ? 1 : storedLinkedIdentifiers.count
    }

    /// Marks the contact as read unified with no other contact linked to it: its own identifier is its only
    /// linked identifier.
    package mutating func setUnifiedAlone() {
        storedLinkedIdentifiers = []
        isUnifiedAlone = true
    }

    package var birthday: DateComponents? {
        get { storedBirthday?.components }
        set { storedBirthday = newValue.map(BoxedDateComponents.init) }
    }

    package var nonGregorianBirthday: DateComponents? {
        get { storedNonGregorianBirthday?.components }
        set { storedNonGregorianBirthday = newValue.map(BoxedDateComponents.init) }
    }
}

/// Date components behind a reference, so an optional one takes a pointer's room in ``ContactStorage``.
private final class BoxedDateComponents: Sendable {
    let components: DateComponents

    init(_ components: DateComponents) {
        self.components = components
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
