/// How a postal address formatter writes an address.
public enum CNPostalAddressFormatterStyle: Int, Sendable {
    /// The address as it is written on mail.
    case mailingAddress = 0
}
