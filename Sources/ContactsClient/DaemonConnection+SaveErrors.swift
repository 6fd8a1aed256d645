import ContactsEngine
import ContactsModel
import Foundation

extension DaemonConnection {
    /// A failed save's error as the embedded store throws it: the request's own objects in `affectedRecords`.
    ///
    /// The daemon sends only the records' identifiers (objects stay on their side of the socket); the app's
    /// objects are the ones it put in the request, found again here by identifier, in the order of the
    /// identifiers, so `error.affectedRecords?.first === contact` holds in both modes.
    static func withAffectedRecords(_ error: CNError, from operations: [SaveOperation]) -> CNError {
        guard let identifiers = error.affectedRecordIdentifiers, error.affectedRecords == nil else { return error }
        var records: [String: AnyObject] = [:]
        for operation in operations {
            for record in operation.records where records[record.identifier] == nil {
                records[record.identifier] = record.object
            }
        }
        let found = identifiers.compactMap { records[$0] }
        guard !found.isEmpty else { return error }
        var userInfo = error.userInfo
        userInfo[CNErrorUserInfoAffectedRecordsKey] = found
        return CNError(error.code, userInfo: userInfo)
    }
}

extension SaveOperation {
    /// The contacts and groups an operation names, with their identifiers.
    fileprivate var records: [(identifier: String, object: AnyObject)] {
        switch self {
        case .addContact(let contact, _), .updateContact(let contact), .deleteContact(let contact):
            [(contact.identifier, contact)]
        case .addGroup(let group, _), .updateGroup(let group), .deleteGroup(let group):
            [(group.identifier, group)]
        case .addMember(let contact, let group), .removeMember(let contact, let group):
            [(contact.identifier, contact), (group.identifier, group)]
        case .addSubgroup(let subgroup, let group), .removeSubgroup(let subgroup, let group):
            [(subgroup.identifier, subgroup), (group.identifier, group)]
        }
    }
}
