import Foundation
import NIOCore

/// The contact access button's side of the screens: the person's button cookie, the frames' per-load secrets,
/// and the frame's own script and style sheet.
///
/// The button is framed by an app's page on another site, so the browser does not send the screens' session
/// cookie (`SameSite=Strict`) with the frame's requests. Entering the screens through a one-time link also sets
/// a second cookie for the frames alone: `HttpOnly`, `SameSite=None`, `Secure` (Chromium keeps and sends
/// `Secure` cookies for http://127.0.0.1, a potentially trustworthy origin), `Path=/button`. It proves only
/// that the browser is the person's; it opens no screen and can change nothing without a frame's secret.
final class AccessButtonFrames: Sendable {
    /// The browsers that entered through a one-time link, by button cookie.
    let browsers: ScreenSessions
    let secrets: AccessButtonSecrets
    let styleSheet: ByteBuffer
    let script: ByteBuffer

    init(lifetime: Duration, styleSheet: ByteBuffer, script: ByteBuffer) {
        self.browsers = ScreenSessions(lifetime: lifetime)
        self.secrets = AccessButtonSecrets(lifetime: lifetime)
        self.styleSheet = styleSheet
        self.script = script
    }
}
