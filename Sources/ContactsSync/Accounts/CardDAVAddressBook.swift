import Foundation

/// An address book of an account: a container of type cardDAV.
public struct CardDAVAddressBook: Codable, Hashable, Sendable {
    /// The container that holds the book's contacts (`CNContainer.identifier`).
    public var containerIdentifier: String
    /// The container's name: the book's display name on the server.
    public var name: String
    /// The collection's URL.
    public var url: URL
    public var capabilities: AddressBookCapabilities
    /// When the last complete sync ended; nil before the first.
    public var lastSync: Date?
}
