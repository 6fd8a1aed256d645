import Foundation

/// A user name and password for a CardDAV server.
///
/// Never stored in the contacts database, never printed: its description and dump say only that it is
/// redacted.
public struct CardDAVCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    public var description: String { "CardDAVCredentials(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }

    /// The `Authorization` header value for HTTP Basic authentication.
    var basicAuthorization: String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// The form the credential stores keep: JSON, so any character survives.
    func encoded() throws -> Data {
        try JSONEncoder().encode(["username": username, "password": password])
    }

    static func decoded(_ data: Data) -> CardDAVCredentials? {
        guard let fields = try? JSONDecoder().decode([String: String].self, from: data),
            let username = fields["username"], let password = fields["password"]
        else { return nil }
        return CardDAVCredentials(username: username, password: password)
    }
}
