import Foundation

extension CNGroup {
    /// A predicate for the groups with the identifiers; unknown identifiers are ignored.
    public class func predicateForGroups(withIdentifiers identifiers: [String]) -> NSPredicate {
        ContactsPredicate(.groupsWithIdentifiers(identifiers))
    }

    /// A predicate for the groups in a container.
    public class func predicateForGroupsInContainer(withIdentifier containerIdentifier: String) -> NSPredicate {
        ContactsPredicate(.groupsInContainer(containerIdentifier))
    }

    /// A predicate for the subgroups of a group. On Apple platforms this exists on macOS only.
    public class func predicateForSubgroupsInGroup(withIdentifier parentGroupIdentifier: String) -> NSPredicate {
        ContactsPredicate(.subgroupsInGroup(parentGroupIdentifier))
    }
}
