/// Receives what the person did in a ``ContactPicker`` presented with
/// ``CNContactStore/present(_:delegate:isolation:)``.
///
/// Every method has an empty default, as Apple's optional methods. Exactly one is called per presentation: the
/// one matching the picker's ``ContactPicker/selectionMode``, or ``contactPickerDidCancel(_:)``.
///
/// ```swift
/// final class Invitations: ContactPickerDelegate {
///     func contactPicker(_ picker: ContactPicker, didSelect contacts: [CNContact]) { invite(contacts) }
///     func contactPickerDidCancel(_ picker: ContactPicker) {}
/// }
/// ```
///
/// Parity: our addition, shaped after `CNContactPickerDelegate`; the picker's mode, not the set of implemented
/// methods, decides which is called. macOS's `contactPickerWillClose(_:)` and `contactPickerDidClose(_:)` are not
/// provided.
public protocol ContactPickerDelegate: AnyObject {
    /// The person picked one contact (``ContactPicker/SelectionMode/singleContact``).
    func contactPicker(_ picker: ContactPicker, didSelect contact: CNContact)
    /// The person picked contacts (``ContactPicker/SelectionMode/multipleContacts``).
    func contactPicker(_ picker: ContactPicker, didSelect contacts: [CNContact])
    /// The person picked one property (``ContactPicker/SelectionMode/singleProperty``).
    func contactPicker(_ picker: ContactPicker, didSelect contactProperty: CNContactProperty)
    /// The person picked properties (``ContactPicker/SelectionMode/multipleProperties``).
    func contactPicker(_ picker: ContactPicker, didSelectContactProperties contactProperties: [CNContactProperty])
    /// The person closed the picker without picking.
    func contactPickerDidCancel(_ picker: ContactPicker)
}

extension ContactPickerDelegate {
    public func contactPicker(_ picker: ContactPicker, didSelect contact: CNContact) {}
    public func contactPicker(_ picker: ContactPicker, didSelect contacts: [CNContact]) {}
    public func contactPicker(_ picker: ContactPicker, didSelect contactProperty: CNContactProperty) {}
    public func contactPicker(
        _ picker: ContactPicker, didSelectContactProperties contactProperties: [CNContactProperty]
    ) {}
    public func contactPickerDidCancel(_ picker: ContactPicker) {}
}
