/// How a contact formatter writes a name.
public enum CNContactFormatterStyle: Int, Sendable {
    /// The full name.
    case fullName = 0
    /// The phonetic spelling of the full name.
    case phoneticFullName = 1
}
