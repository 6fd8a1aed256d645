/// Names one waiting caller of the authorization state machine, so its reply can find it.
///
/// The shell hands out tickets in increasing order; the machine answers waiting tickets in that order.
///
/// Parity: our addition.
public struct AccessTicket: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The ticket's number.
    public var number: UInt64

    /// Creates a ticket.
    public init(_ number: UInt64) {
        self.number = number
    }

    public static func < (left: AccessTicket, right: AccessTicket) -> Bool {
        left.number < right.number
    }

    public var description: String { "#\(number)" }
}
