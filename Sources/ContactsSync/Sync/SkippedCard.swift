/// A card a sync could not take, and why: reported, left as it is on both sides, never a reason to stop.
public struct SkippedCard: Codable, Hashable, Sendable {
    /// Why a card was skipped.
    public enum Reason: Error, Codable, Hashable, Sendable, CustomStringConvertible {
        /// The resource holds no vCard.
        case noCard
        /// The vCard is malformed at a line (1-based, 0 when unknown).
        case malformed(line: Int)
        /// The store refused the contact (a `CNError` validation code).
        case invalid(code: Int)
        /// The server refused the upload with a status.
        case refusedByServer(status: Int)
        /// The server listed the card but did not send it.
        case missingFromServer
        /// The server failed on this card alone (a 5xx for it while other cards went through).
        case serverFailed(status: Int)

        public var description: String {
            switch self {
            case .noCard: "no vCard in the resource"
            case .malformed(let line): line > 0 ? "malformed vCard at line \(line)" : "malformed vCard"
            case .invalid(let code): "the store refused the contact (error \(code))"
            case .refusedByServer(let status): "the server refused the upload (status \(status))"
            case .missingFromServer: "listed by the server but not sent"
            case .serverFailed(let status): "the server failed on this card (status \(status))"
            }
        }
    }

    /// The card's href on the server: the server's identifier of the card.
    public var href: String
    /// The local contact or group, when the card is one.
    public var objectIdentifier: String?
    public var reason: Reason
}
