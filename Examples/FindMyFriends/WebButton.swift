import Contacts

/// `FindMyFriends --web-button NAME`: what the app's web page needs to place the contact access button for a
/// name: the frame's address, and the one origin allowed to frame it (the administrator's registry says which:
/// `contacts apps register ... --web-origin`). Daemon mode only; the person taps in their browser, and the app
/// would receive the identifiers on `session.grants` while the session lives (this example prints and ends it).
struct WebButton {
    let query: String

    /// Prints the frame and its origin; returns the exit code (0, or 1 with the error's code).
    func run() -> Int32 {
        do {
            let session = try CNContactStore().startWebAccessButton(WebAccessButton(queryString: query))
            print("Frame: \(session.url.absoluteString)")
            print("Embed in: \(session.embeddingOrigin)")
            try session.end()
            return 0
        } catch {
            print("No contact access button (\((error as? CNError)?.code.rawValue ?? 0)).")
            return 1
        }
    }
}
