import ContactsSystem
import Foundation

/// What a contact access button's frame shows, as the daemon decides it for the person's browser.
package enum AccessButtonView: Sendable, Equatable {
    /// Nothing: no session, another user's, full access, denied or restricted, no match, or a session ended.
    case empty
    /// Contacts matching the app's query that the app cannot see, for the app named `app`.
    case matches(app: String, [AccessButtonMatch])
    /// The simplified limited-access prompt (the app's status was not determined when the person tapped).
    case prompt(app: String, purpose: String)
}

/// One contact the button offers: its identifier (sent back in the tap's POST body), its name and the caption
/// line the app asked for.
package struct AccessButtonMatch: Sendable, Equatable {
    package var identifier: String
    package var name: String
    /// An e-mail address or a phone number (per the app's caption); nil for the default text.
    package var caption: String?

    package init(identifier: String, name: String, caption: String?) {
        self.identifier = identifier
        self.name = name
        self.caption = caption
    }
}

/// What the daemon did with a tap or an answer in the frame.
package enum AccessButtonOutcome: Sendable, Equatable {
    /// These contacts were shared with the app (the app was told on its socket).
    case granted([String])
    /// The simplified prompt now waits for the person.
    case prompt
    /// Nothing was granted: the tap was not verified, the contact was not offered, the person said no, or the
    /// session is gone.
    case nothing
}

/// What the button under `caption` shows below each name.
package enum AccessButtonCaption: Int, Sendable {
    case defaultText = 0
    case email = 1
    case phone = 2
}

/// How a session's button looks and who may frame it: from the app's request (colors already found legible
/// by the daemon) and the registry (the origin).
package struct AccessButtonLook: Sendable, Equatable {
    /// The only origin that may frame the button, and the target of its postMessage.
    package var embeddingOrigin: String
    package var foreground: AccessButtonStyle.Color
    package var tint: AccessButtonStyle.Color
    /// A CSS font weight, 100...900.
    package var fontWeight: Int
    /// The monogram's width in CSS pixels, 16...96.
    package var imageWidth: Int
    package var caption: AccessButtonCaption

    package init(
        embeddingOrigin: String, foreground: AccessButtonStyle.Color, tint: AccessButtonStyle.Color, fontWeight: Int,
        imageWidth: Int, caption: AccessButtonCaption
    ) {
        self.embeddingOrigin = embeddingOrigin
        self.foreground = foreground
        self.tint = tint
        self.fontWeight = fontWeight
        self.imageWidth = imageWidth
        self.caption = caption
    }

    /// The session's style sheet: numbers only, formatted here, so nothing the app sent can end a rule.
    var styleSheet: String {
        """
        :root { --button-ink: \(Self.css(foreground)); --button-tint: \(Self.css(tint)); \
        --button-weight: \(fontWeight); --button-image: \(imageWidth)px; }

        """
    }

    private static func css(_ color: AccessButtonStyle.Color) -> String {
        func byte(_ component: Double) -> Int { Int((min(max(component, 0), 1) * 255).rounded()) }
        return "rgb(\(byte(color.red)) \(byte(color.green)) \(byte(color.blue)))"
    }
}
