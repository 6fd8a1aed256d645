import ContactsEngine
import ContactsPrivacy

extension CNContactStore {
    /// Presents the one-time contact picker to the person and returns what they picked.
    ///
    /// Works in every authorization status, denied included; asks no consent and grants nothing: the app's
    /// status and what it sees stay as they were. In daemon mode contactsd shows the picker in the person's
    /// screens (their agent tells them it waits) and this waits until they finish, cancel, or the daemon's
    /// timeout cancels it. In embedded mode the store's configured trusted agent shows it; with none, the picker
    /// is cancelled at once.
    ///
    /// ```swift
    /// let picked = try await store.present(ContactPicker(displayedPropertyKeys: [CNContactPhoneNumbersKey]))
    /// ```
    ///
    /// - Parameter picker: The picker's configuration.
    /// - Returns: The snapshot of what the person picked (name keys and the displayed keys only), or cancelled.
    /// - Throws: `CNError.featureNotAvailable` (104) on a store opened as the person (no app is asking);
    ///   `CNError.communicationError` (1) when contactsd cannot be reached; `CNError.dataAccessError` (2) when
    ///   the store fails.
    ///
    /// Parity: our addition; Apple presents `CNContactPickerViewController` instead.
    public func present(_ picker: ContactPicker) async throws -> ContactPickerResult {
        guard let pickers = connection as? any ContactPickerConnection else { throw CNError(.featureNotAvailable) }
        let response = try await pickers.pickContacts(picker.request)
        return ContactPickerResult(response)
    }

    /// Presents the one-time contact picker and tells the delegate what the person did.
    ///
    /// The delegate's method that matches the picker's mode is called once, in the caller's isolation (on the
    /// main actor when called from it), after the person finished; ``ContactPickerDelegate/contactPickerDidCancel(_:)``
    /// when they cancelled.
    ///
    /// ```swift
    /// try await store.present(ContactPicker(selectionMode: .multipleContacts), delegate: self)
    /// ```
    ///
    /// - Throws: As ``present(_:)``; the delegate is not called then.
    ///
    /// Parity: our addition, shaped after `CNContactPickerViewController.delegate`.
    public func present(
        _ picker: ContactPicker, delegate: any ContactPickerDelegate, isolation: isolated (any Actor)? = #isolation
    ) async throws {
        let result = try await present(picker)
        switch (result, picker.selectionMode) {
        case (.cancelled, _):
            delegate.contactPickerDidCancel(picker)
        case (.contacts(let contacts), .multipleContacts):
            delegate.contactPicker(picker, didSelect: contacts)
        case (.contacts(let contacts), _):
            contacts.first.map { delegate.contactPicker(picker, didSelect: $0) }
        case (.properties(let properties), .multipleProperties):
            delegate.contactPicker(picker, didSelectContactProperties: properties)
        case (.properties(let properties), _):
            properties.first.map { delegate.contactPicker(picker, didSelect: $0) }
        }
    }

    /// Presents the contact access picker: the person reviews which contacts the app may see, adding and
    /// removing, and the app learns the identifiers they newly shared.
    ///
    /// Only for limited access: in any other status no picker is shown and the result is empty at once. Removed
    /// and already shared identifiers are never reported; a removal takes effect for the app at once (its other
    /// open stores fail with 100 until reopened, as after any reduction; this store goes on under the new set).
    /// In daemon mode contactsd shows the picker in the person's screens; in embedded mode the store's
    /// configured trusted agent does (none: cancelled, empty).
    ///
    /// ```swift
    /// let added = try await store.presentContactAccessPicker()
    /// ```
    ///
    /// - Returns: The newly shared identifiers, sorted; empty when cancelled or unchanged.
    /// - Throws: `CNError.featureNotAvailable` (104) on a store opened as the person;
    ///   `CNError.communicationError` (1) when contactsd cannot be reached; `CNError.dataAccessError` (2) when
    ///   the store fails.
    ///
    /// Parity: our addition, shaped after SwiftUI's `contactAccessPicker(isPresented:completionHandler:)`, whose
    /// completion handler receives the same identifiers.
    public func presentContactAccessPicker() async throws -> [String] {
        guard let pickers = connection as? any ContactPickerConnection else { throw CNError(.featureNotAvailable) }
        return try await pickers.presentAccessPicker()
    }
}

extension ContactPicker {
    /// The system side's request for this picker.
    var request: ContactPickerRequest {
        ContactPickerRequest(
            displayedPropertyKeys: displayedPropertyKeys,
            allowsMultipleSelection: selectionMode == .multipleContacts || selectionMode == .multipleProperties,
            selection: selectionMode == .singleContact || selectionMode == .multipleContacts ? .contacts : .properties)
    }
}

extension ContactPickerResult {
    /// The app's result from the flows' response: properties become `CNContactProperty` values of their
    /// contacts' snapshots; a pick the snapshot does not hold is dropped.
    init(_ response: ContactPickerResponse) {
        let byIdentifier = Dictionary(
            response.contacts.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        switch response.choice {
        case .cancelled:
            self = .cancelled
        case .contacts(let identifiers):
            let contacts = identifiers.compactMap { byIdentifier[$0] }
            self = contacts.isEmpty ? .cancelled : .contacts(contacts)
        case .properties(let picked):
            let properties = picked.compactMap { selection in
                byIdentifier[selection.contactIdentifier].flatMap {
                    CNContactProperty.picked(from: $0, key: selection.key, valueIdentifier: selection.valueIdentifier)
                }
            }
            self = properties.isEmpty ? .cancelled : .properties(properties)
        }
    }
}
