import Foundation

/// How an app draws the contact access button: the colors the system checks for legibility.
///
/// The system, not the app, decides whether the button is legible: the contrast ratio between the text and
/// its background must be at least 4.5:1 (WCAG 2's level AA for normal text), computed here from the colors
/// the app asked for. An illegible button shows, but its taps grant nothing.
///
/// ```swift
/// let style = AccessButtonStyle(foreground: .init(red: 1, green: 1, blue: 1), background: .init(red: 0, green: 0.48, blue: 1))
/// style.isLegible   // true: 4.0:1 would not be
/// ```
///
/// Parity: `ContactAccessButton`'s style modifiers (foreground style, tint); the contrast rule is our reading
/// of WWDC24's "legible" requirement.
public struct AccessButtonStyle: Hashable, Sendable {
    /// A color in sRGB, each component from 0 to 1.
    public struct Color: Hashable, Sendable {
        public var red: Double
        public var green: Double
        public var blue: Double

        public init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        public static let black = Color(red: 0, green: 0, blue: 0)
        public static let white = Color(red: 1, green: 1, blue: 1)

        /// WCAG 2's relative luminance; components outside 0...1 are clamped.
        var relativeLuminance: Double {
            func linear(_ component: Double) -> Double {
                let value = min(max(component, 0), 1)
                return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }
    }

    /// The smallest contrast ratio a legible button has.
    public static let minimumContrastRatio = 4.5

    /// The text color.
    public var foreground: Color
    /// The button's background (its tint).
    public var background: Color

    /// Creates a style.
    public init(foreground: Color = .white, background: Color = Color(red: 0, green: 0.4, blue: 0.8)) {
        self.foreground = foreground
        self.background = background
    }

    /// The system's own style: white text on a dark blue, legible.
    public static let standard = AccessButtonStyle()

    /// The contrast ratio between text and background, from 1 (none) to 21 (black on white).
    public var contrastRatio: Double {
        let first = foreground.relativeLuminance
        let second = background.relativeLuminance
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// Whether the text is legible against its background.
    public var isLegible: Bool {
        contrastRatio >= Self.minimumContrastRatio
    }
}
