/// A group as its card describes it: a name and members by UID (without `urn:uuid:`).
struct GroupModel: Hashable, Sendable {
    var name: String
    var members: Set<String>

    /// Three-way merge (docs/Sync.md): members merge as sets; the name takes the side that changed it, and
    /// when both changed it differently, the server's group is kept as it is (nil: a conflict).
    static func merge(base: GroupModel, local: GroupModel, server: GroupModel) -> GroupModel? {
        let localRenamed = local.name != base.name
        let serverRenamed = server.name != base.name
        if localRenamed, serverRenamed, local.name != server.name { return nil }
        return GroupModel(
            name: localRenamed ? local.name : server.name,
            members: CardReconciler.mergeSets(base: base.members, local: local.members, server: server.members))
    }
}
