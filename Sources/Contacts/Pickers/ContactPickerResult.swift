/// What the person did in a ``ContactPicker``.
///
/// Parity: our addition; the values `CNContactPickerDelegate`'s methods receive.
public enum ContactPickerResult: Sendable {
    /// The person closed the picker without picking (`contactPickerDidCancel(_:)`).
    case cancelled
    /// The contacts picked, in order: one in ``ContactPicker/SelectionMode/singleContact``.
    case contacts([CNContact])
    /// The properties picked, in order: one in ``ContactPicker/SelectionMode/singleProperty``.
    case properties([CNContactProperty])
}
