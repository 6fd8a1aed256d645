import ContactsSampleData
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Crash safety and concurrency: saves are all or nothing even when the process dies in the middle.
@Suite(.serialized) struct ReliabilityTests {
    private static func count(at url: URL) throws -> Int {
        var configuration = ContactStoreConfiguration(url: url)
        configuration.localeIdentifier = "en_US"
        return try ContactFixtures.identifiers(in: CNContactStore(configuration: configuration)).count
    }

    private static func isIntact(at url: URL) throws -> Bool {
        try EmbeddedConnection(configuration: ContactStoreConfiguration(url: url)).authorized().isIntact()
    }

    /// The child saves 10,000 contacts in one request and is killed once the write-ahead log has grown
    /// past a size that varies per trial, so kills land all through the transaction; the last trials are
    /// killed right after the save returns.
    @Test(arguments: 0..<20)
    func processKilledDuringASaveLeavesAllOrNone(trial: Int) async throws {
        let temporary = try TemporaryStore()
        let path = temporary.url.path
        await #expect(processExitsWith: .signal(SIGKILL)) { [path = path as String, trial = trial as Int] in
            var configuration = ContactStoreConfiguration(url: URL(fileURLWithPath: path))
            configuration.localeIdentifier = "en_US"
            let store = CNContactStore(configuration: configuration)
            _ = store.defaultContainerIdentifier()
            var generator = GeneratedContacts(seed: 7)
            let request = CNSaveRequest()
            for contact in generator.contacts(10_000) {
                request.add(contact, toContainerWithIdentifier: nil)
            }
            if trial < 17 {
                let threshold = trial * 600_000
                let killer = Thread {
                    var status = stat()
                    while true {
                        if stat(path + "-wal", &status) == 0, Int(status.st_size) >= threshold {
                            kill(getpid(), SIGKILL)
                        }
                        usleep(200)
                    }
                }
                killer.start()
            }
            try? store.execute(request)
            kill(getpid(), SIGKILL)
        }
        let count = try Self.count(at: temporary.url)
        #expect(count == 0 || count == 10_000)
        #expect(try Self.isIntact(at: temporary.url))
    }

    @Test(arguments: StoreMode.allCases)
    func readersOnOtherThreadsSeeOnlyWholeSaves(mode: StoreMode) async throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let batches = 10
        let batchSize = 40
        try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                var generator = GeneratedContacts(seed: 3)
                for batch in 0..<batches {
                    try ContactFixtures.save(generator.contacts(batchSize, start: batch * batchSize), in: store)
                }
                return []
            }
            for _ in 0..<3 {
                group.addTask {
                    var counts: [Int] = []
                    for _ in 0..<60 {
                        let contacts = try store.unifiedContacts(
                            matching: CNContact.predicateForContactsInContainer(
                                withIdentifier: store.defaultContainerIdentifier()),
                            keysToFetch: [CNContactPhoneNumbersKey as CNKeyDescriptor]
                        )
                        #expect(contacts.allSatisfy { !$0.phoneNumbers.isEmpty })
                        counts.append(contacts.count)
                    }
                    return counts
                }
            }
            for try await counts in group {
                #expect(counts.allSatisfy { $0 % batchSize == 0 })
                #expect(counts == counts.sorted())
            }
        }
        #expect(try ContactFixtures.identifiers(in: store).count == batches * batchSize)
    }

    @Test(arguments: StoreMode.allCases)
    func twoProcessesWritingOneStoreKeepEveryContact(mode: StoreMode) async throws {
        let temporary = try TemporaryStore(mode: mode)
        _ = temporary.store.defaultContainerIdentifier()
        let path = temporary.url.path
        async let child: Void = {
            await #expect(processExitsWith: .success) { [path = path as String] in
                var configuration = ContactStoreConfiguration(url: URL(fileURLWithPath: path))
                configuration.localeIdentifier = "en_US"
                let store = CNContactStore(configuration: configuration)
                var generator = GeneratedContacts(seed: 11)
                for batch in 0..<20 {
                    try ContactFixtures.save(generator.contacts(50, start: 10_000 + batch * 50), in: store)
                }
            }
        }()
        var generator = GeneratedContacts(seed: 12)
        for batch in 0..<20 {
            try ContactFixtures.save(generator.contacts(50, start: batch * 50), in: temporary.store)
        }
        await child
        #expect(try Self.count(at: temporary.url) == 2_000)
        #expect(try Self.isIntact(at: temporary.url))
    }

    @Test func readOnlyStoreRefusesSavesWithDataAccessError() throws {
        let temporary = try TemporaryStore()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)
        let readOnly = CNContactStore(configuration: temporary.configuration(isReadOnly: true))
        #expect(try ContactFixtures.identifiers(in: readOnly).count == 1)
        #expect(throws: CNError(.dataAccessError)) {
            try ContactFixtures.save([ContactFixtures.person("Bo", "Ek")], in: readOnly)
        }
        #expect(try ContactFixtures.identifiers(in: temporary.store).count == 1)
    }

    /// Root may write any file, so the store honours the file's mode itself: no write bit, no save.
    @Test func readOnlyFileRefusesSavesWithDataAccessError() throws {
        let temporary = try TemporaryStore()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: temporary.directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: temporary.url.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: temporary.directory.path)
        }
        let reopened = try temporary.reopen()
        #expect(throws: CNError(.dataAccessError)) {
            try ContactFixtures.save([ContactFixtures.person("Bo", "Ek")], in: reopened)
        }
        #expect(try ContactFixtures.identifiers(in: reopened).count == 1)
    }

    @Test func fullDiskGivesDataAccessErrorAndSavesNothing() throws {
        let temporary = try TemporaryStore()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)
        var configuration = temporary.configuration()
        // SQLite never shrinks the limit below the current size, so 1 means "no room to grow".
        configuration.maximumPageCount = 1
        let full = CNContactStore(configuration: configuration)
        var generator = GeneratedContacts()
        #expect(throws: CNError(.dataAccessError)) {
            try ContactFixtures.save(generator.contacts(2_000), in: full)
        }
        #expect(try ContactFixtures.identifiers(in: temporary.store).count == 1)
        #expect(try Self.isIntact(at: temporary.url))
    }
}
