import ContactsWebUI
import Synchronization

/// The daemon's person's screens once started (``ContactsDaemon/startScreens(_:)``), for the connections that
/// ask for a link into them.
final class ScreensSlot: Sendable {
    private let screens = Mutex<PersonScreens?>(nil)

    var current: PersonScreens? { screens.withLock { $0 } }

    func set(_ new: PersonScreens?) {
        screens.withLock { $0 = new }
    }
}
