/// What the person did in the one-time picker.
///
/// Parity: the delegate callbacks of `CNContactPickerDelegate`.
public enum ContactPickerChoice: Hashable, Sendable {
    /// The person closed the picker (`contactPickerDidCancel(_:)`).
    case cancelled
    /// The person picked these contacts, in order.
    case contacts([String])
    /// The person picked these properties.
    case properties([ContactPropertySelection])
}
