import ContactsWebUI
import Synchronization

/// The daemon's person's screens once started (``ContactsDaemon/startScreens(_:)``), for the connections that
/// ask for a link into them.
final class ScreensSlot: Sendable {
    private let screens = Mutex<PersonScreens?>(nil)
    /// The contact access buttons the apps placed; they show in the screens' frames.
    let buttons = AccessButtons()

    var current: PersonScreens? { screens.withLock { $0 } }

    func set(_ new: PersonScreens?) {
        screens.withLock { $0 = new }
    }
}
