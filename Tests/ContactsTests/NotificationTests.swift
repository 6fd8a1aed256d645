import Contacts
import ContactsTestSupport
import Foundation
import Synchronization
import Testing

/// The userInfo of received notifications, shared with the observer closure.
private final class NotificationLog: Sendable {
    private let received = Mutex<[[String: any Sendable]]>([])

    func append(_ notification: Notification) {
        var info: [String: any Sendable] = [:]
        for (key, value) in notification.userInfo ?? [:] {
            guard let key = key as? String else { continue }
            info[key] = (value as? Bool) ?? (value as? [String]).map { $0 as any Sendable } ?? "\(type(of: value))"
        }
        received.withLock { $0.append(info) }
    }

    var entries: [[String: any Sendable]] { received.withLock { $0 } }
}

/// Collects the CNContactStoreDidChange notifications one store posts.
private final class NotificationRecorder {
    private let log = NotificationLog()
    private let observer: any NSObjectProtocol

    init(store: CNContactStore) {
        let log = self.log
        observer = NotificationCenter.default.addObserver(forName: .CNContactStoreDidChange, object: store, queue: nil)
        {
            log.append($0)
        }
    }

    var notifications: [[String: any Sendable]] { log.entries }

    /// Waits until a notification arrives or the deadline passes.
    func waitForNotification(within seconds: Double) async throws -> [String: any Sendable]? {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(seconds * 1000))
        while clock.now < deadline {
            if let first = notifications.first { return first }
            try await Task.sleep(for: .milliseconds(20))
        }
        return notifications.first
    }

    deinit {
        NotificationCenter.default.removeObserver(observer)
    }
}

@Suite struct NotificationTests {
    @Test func notificationNameHasApplesStringValue() {
        #expect(Notification.Name.CNContactStoreDidChange.rawValue == "CNContactStoreDidChangeNotification")
    }

    @Test(arguments: StoreMode.allCases)
    func saveRequestPostsItsIdentifierAndSource(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let recorder = NotificationRecorder(store: temporary.store)
        let request = CNSaveRequest()
        request.add(ContactFixtures.person("Ann", "Lee"), toContainerWithIdentifier: nil)
        try temporary.store.execute(request)
        let notifications = recorder.notifications
        #expect(notifications.count == 1)
        #expect(notifications.first?["CNNotificationSaveIdentifiersKey"] as? [String] == [request.saveIdentifier])
        #expect(notifications.first?["CNNotificationSourcesKey"] as? String == "Array<CNContactStore>")
        #expect(notifications.first?["CNNotificationOriginationExternally"] == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func failedSavePostsNothing(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let recorder = NotificationRecorder(store: temporary.store)
        let request = CNSaveRequest()
        request.delete(ContactFixtures.person("Missing", "One"))
        #expect(throws: CNError.self) { try temporary.store.execute(request) }
        #expect(recorder.notifications.isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func observerMayFetchFromTheStoreInsideTheHandler(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let counts = Mutex<[Int]>([])
        let observer = NotificationCenter.default.addObserver(
            forName: .CNContactStoreDidChange, object: store, queue: nil
        ) { _ in
            // Re-entering the store from the handler must not deadlock: the post happens after the commit.
            let count =
                (try? store.unifiedContacts(
                    matching: CNContact.predicateForContacts(matchingName: "ann"), keysToFetch: []))?.count
            counts.withLock { $0.append(count ?? -1) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: store)
        #expect(counts.withLock { $0 } == [1])
    }

    @Test(arguments: StoreMode.allCases)
    func ownSavesAreNotAnnouncedAgainAsExternal(mode: StoreMode) async throws {
        let temporary = try TemporaryStore(mode: mode)
        let recorder = NotificationRecorder(store: temporary.store)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)
        try await Task.sleep(for: .milliseconds(800))
        #expect(recorder.notifications.count == 1)
        #expect(recorder.notifications.allSatisfy { $0["CNNotificationOriginationExternally"] == nil })
    }

    @Test(arguments: StoreMode.allCases)
    func importIsAnnouncedOnceAsThisStoresChange(mode: StoreMode) async throws {
        let temporary = try TemporaryStore(mode: mode)
        let recorder = NotificationRecorder(store: temporary.store)
        let card = "BEGIN:VCARD\nVERSION:3.0\nN:Lee;Ann;;;\nUID:ann-1\nEND:VCARD\n"
        try temporary.store.importVCards(data: Data(card.utf8))
        try await Task.sleep(for: .milliseconds(800))
        #expect(recorder.notifications.count == 1)
        #expect(recorder.notifications.first?["CNNotificationSaveIdentifiersKey"] as? [String] == [])
        #expect(recorder.notifications.first?["CNNotificationOriginationExternally"] == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func anotherProcessSavingIsNoticedWithinOneSecond(mode: StoreMode) async throws {
        let temporary = try TemporaryStore(mode: mode)
        let recorder = NotificationRecorder(store: temporary.store)
        // Open the store so the watcher attaches before the other process writes.
        _ = try ContactFixtures.identifiers(in: temporary.store)
        try await Task.sleep(for: .milliseconds(400))
        let path = temporary.url.path
        await #expect(processExitsWith: .success) { [path = path as String] in
            let store = CNContactStore(url: URL(fileURLWithPath: path))
            try ContactFixtures.save([ContactFixtures.person("Bo", "Child")], in: store)
        }
        let notification = try await recorder.waitForNotification(within: 1.0)
        #expect(notification?["CNNotificationOriginationExternally"] as? Bool == true)
        #expect(notification?["CNNotificationSaveIdentifiersKey"] == nil)
        let names = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "bo"), keysToFetch: [])
        #expect(names.count == 1)
    }

    @Test(arguments: StoreMode.allCases)
    func releasedStoreStopsWatching(mode: StoreMode) async throws {
        let temporary = try TemporaryStore(mode: mode)
        weak var released: CNContactStore?
        do {
            let store = try temporary.reopen()
            _ = try ContactFixtures.identifiers(in: store)
            released = store
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(released == nil)
    }
}
