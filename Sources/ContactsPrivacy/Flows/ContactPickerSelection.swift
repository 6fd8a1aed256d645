/// What the person picks in the one-time picker: whole contacts, or properties of contacts.
///
/// On Apple platforms the delegate's implemented methods choose the mode (`contactPicker(_:didSelect:)` with a
/// `CNContactProperty` selects properties); Swift on Linux cannot ask an object which optional methods it has,
/// so the app says it.
///
/// Parity: our addition, standing in for the delegate's method set.
public enum ContactPickerSelection: Int, Hashable, Sendable, CaseIterable {
    /// The person picks contacts (`contactPicker(_:didSelect: CNContact)` and the plural).
    case contacts = 0
    /// The person picks a property of a contact (`contactPicker(_:didSelect: CNContactProperty)` and the plural).
    case properties = 1
}
