/// A tap on the contact access button, as the trusted agent saw it.
///
/// A tap grants something only when the system verified it: ``verification`` holds every check of
/// ``TapVerification`` (a genuine input event of the person, on a button that was fully visible and
/// unobstructed). The default is no verification at all, so a tap made by code that checked nothing grants
/// nothing: the check fails closed. Legibility is not the tap's to claim: the flow computes it from the app's
/// ``AccessButtonStyle``.
///
/// ```swift
/// AccessButtonTap(identifiers: chosen, verification: .all)   // the trusted agent checked both
/// ```
///
/// Parity: WWDC24's security model: only genuine taps on a legible, unobstructed button count.
public struct AccessButtonTap: Hashable, Sendable {
    /// The contacts the person chose.
    public var identifiers: Set<String>
    /// What the system verified about the tap.
    public var verification: TapVerification

    /// Creates a tap.
    ///
    /// - Parameters:
    ///   - identifiers: The contacts the person chose.
    ///   - verification: What the trusted agent verified; default none, which grants nothing.
    public init(identifiers: Set<String>, verification: TapVerification = []) {
        self.identifiers = identifiers
        self.verification = verification
    }

    /// Whether the system verified everything a tap needs.
    public var isVerified: Bool {
        verification.isSuperset(of: .all)
    }
}

/// The checks a trusted agent made of a tap on the contact access button.
///
/// Parity: our addition; Apple's system makes the same checks out of the app's reach.
public struct TapVerification: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The tap was an input event of the person (not synthesized by a program).
    public static let genuineEvent = TapVerification(rawValue: 1 << 0)
    /// The button was fully visible: not covered, clipped, transparent or scaled below its minimum size.
    public static let unobstructed = TapVerification(rawValue: 1 << 1)
    /// Every check a tap needs.
    public static let all: TapVerification = [.genuineEvent, .unobstructed]
}
