/// Whether a contact is a person or an organization.
public enum CNContactType: Int, Sendable {
    /// A person.
    case person = 0
    /// An organization, such as a company.
    case organization = 1
}
