/// A tap on the contact access button, as the trusted agent saw it.
///
/// Parity: WWDC24's security model: only genuine taps on a legible, unobstructed button count.
public struct AccessButtonTap: Hashable, Sendable {
    /// The contacts the person chose.
    public var identifiers: Set<String>
    /// Whether the tap was a genuine tap by the person on a legible, unobstructed button. A tap that is not
    /// verified grants nothing (the check fails closed).
    public var isVerified: Bool

    /// Creates a tap.
    public init(identifiers: Set<String>, isVerified: Bool = true) {
        self.identifiers = identifiers
        self.isVerified = isVerified
    }
}
