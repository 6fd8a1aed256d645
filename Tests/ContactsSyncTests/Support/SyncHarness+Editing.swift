import ContactsSystem
import ContactsTestSupport
import Foundation

extension SyncHarness {
    /// The contact of a container with a family name.
    func contact(named family: String, in container: String) throws -> CNContact? {
        try contacts(in: container).first { $0.familyName == family }
    }

    /// Changes a contact through a save request, as an app or the person would.
    func edit(_ family: String, in container: String, _ change: (CNMutableContact) -> Void) throws {
        guard let contact = try contact(named: family, in: container) else { throw ServerError("no contact \(family)") }
        let mutable = contact.mutableCopy() as! CNMutableContact
        change(mutable)
        let request = CNSaveRequest()
        request.update(mutable)
        try store.execute(request)
    }

    func delete(_ family: String, in container: String) throws {
        guard let contact = try contact(named: family, in: container) else { throw ServerError("no contact \(family)") }
        let request = CNSaveRequest()
        request.delete(contact.mutableCopy() as! CNMutableContact)
        try store.execute(request)
    }

    func add(given: String, family: String, to container: String, _ change: (CNMutableContact) -> Void = { _ in })
        throws
    {
        let contact = CNMutableContact()
        contact.givenName = given
        contact.familyName = family
        change(contact)
        let request = CNSaveRequest()
        request.add(contact, toContainerWithIdentifier: container)
        try store.execute(request)
    }
}

/// The lines of a vCard text, unfolded, without line breaks.
func unfoldedLines(_ text: String) -> [String] {
    var lines: [String] = []
    for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(
        separator: "\n", omittingEmptySubsequences: false)
    {
        if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
            lines[lines.count - 1] += raw.dropFirst()
        } else if !raw.isEmpty {
            lines.append(String(raw))
        }
    }
    return lines
}
