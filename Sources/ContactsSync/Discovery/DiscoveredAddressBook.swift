import Foundation

/// An address book discovery found.
struct DiscoveredAddressBook: Sendable, Hashable {
    var url: URL
    var name: String
    var capabilities: AddressBookCapabilities

    /// The book a `response` describes, or nil when it is not an address book.
    init?(_ response: Multistatus.Response, base: URL) {
        guard response.properties.isAddressBook, let url = URL(string: response.href, relativeTo: base)?.absoluteURL
        else {
            return nil
        }
        self.url = url
        let properties = response.properties
        let displayName = properties.displayName.flatMap { $0.isEmpty ? nil : $0 }
        name = displayName ?? url.lastPathComponent.removingPercentEncoding ?? url.lastPathComponent
        // A server that does not list its reports is taken at RFC 6352's word: multiget is required, and
        // sync-collection is tried (a refusal makes the sync compare entity tags instead).
        let reports = properties.supportedReports
        let writePrivileges: Set<String> = ["write", "write-content", "all", "bind"]
        capabilities = AddressBookCapabilities(
            supportsSyncCollection: reports.isEmpty || reports.contains("sync-collection"),
            supportsMultiget: reports.isEmpty || reports.contains("addressbook-multiget"),
            vCardVersions: properties.addressDataVersions.isEmpty ? ["3.0"] : properties.addressDataVersions,
            isReadOnly: properties.privileges.map { $0.isDisjoint(with: writePrivileges) } ?? false
        )
    }
}
