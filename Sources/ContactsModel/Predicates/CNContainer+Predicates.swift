import Foundation

extension CNContainer {
    /// A predicate for the containers with the identifiers; unknown identifiers are ignored.
    public class func predicateForContainers(withIdentifiers identifiers: [String]) -> NSPredicate {
        ContactsPredicate(.containersWithIdentifiers(identifiers))
    }

    /// A predicate for the container of a contact. A unified contact's identifier selects nothing: fetch
    /// the linked contacts with `unifyResults = false` first.
    public class func predicateForContainerOfContact(withIdentifier contactIdentifier: String) -> NSPredicate {
        ContactsPredicate(.containerOfContact(contactIdentifier))
    }

    /// A predicate for the container of a group.
    public class func predicateForContainerOfGroup(withIdentifier groupIdentifier: String) -> NSPredicate {
        ContactsPredicate(.containerOfGroup(groupIdentifier))
    }
}
