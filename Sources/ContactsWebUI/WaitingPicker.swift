import ContactsSystem

/// A picker an app opened that waits for the person, as the picker screens show it.
package struct WaitingPicker: Sendable {
    /// Which picker, with what the app asked.
    package enum Kind: Sendable {
        /// The one-time contact picker.
        case contacts(ContactPickerRequest)
        /// The contact access picker, with the contacts the app may see now.
        case access(shared: Set<String>)
    }

    package var id: UInt64
    package var bundleIdentifier: String
    package var displayName: String
    package var kind: Kind
    /// The contacts the flow offers the person; only these may be picked.
    package var candidates: [ContactCandidate]
    /// The keys the app receives of a picked contact (the one-time picker's name and displayed keys, the note
    /// only with the entitlement): the properties offered in property mode. Empty for the access picker.
    package var returnedKeys: Set<String>

    package init(
        id: UInt64, bundleIdentifier: String, displayName: String, kind: Kind, candidates: [ContactCandidate],
        returnedKeys: Set<String> = []
    ) {
        self.id = id
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.kind = kind
        self.candidates = candidates
        self.returnedKeys = returnedKeys
    }
}

/// What the person did in a picker screen.
package enum PickerAnswer: Sendable, Equatable {
    /// The one-time picker: the contacts or properties picked, or cancelled.
    case picked(ContactPickerChoice)
    /// The contact access picker: the new shared set, or nil when the person cancelled.
    case edited(Set<String>?)
}
