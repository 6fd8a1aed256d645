import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@Suite struct ContactImageTests {
    private func photo() throws -> Data {
        var pixels: [UInt8] = []
        for y in 0..<600 {
            for x in 0..<800 { pixels += [UInt8(x % 256), UInt8(y % 256), 90] }
        }
        return try #require(Thumbnail.encode(Bitmap(width: 800, height: 600, pixels: pixels)))
    }

    @Test(arguments: StoreMode.allCases)
    func imageIsStoredWithADownscaledThumbnail(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        let image = try photo()
        contact.imageData = image
        try ContactFixtures.save([contact], in: temporary.store)
        let keys = [CNContactImageDataKey, CNContactThumbnailImageDataKey, CNContactImageDataAvailableKey].map { $0 as CNKeyDescriptor }
        let fetched = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: keys)
        #expect(fetched.imageData == image)
        #expect(fetched.imageDataAvailable)
        let thumbnail = try #require(fetched.thumbnailImageData.flatMap(Thumbnail.decode))
        #expect(thumbnail.width == 320 && thumbnail.height == 240)
        #expect(contact.thumbnailImageData == fetched.thumbnailImageData)
    }

    @Test(arguments: StoreMode.allCases)
    func withoutRefetchTheSavedContactKeepsItsOwnDerivedFields(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        contact.imageData = try photo()
        let request = CNSaveRequest()
        request.shouldRefetchContacts = false
        request.add(contact, toContainerWithIdentifier: nil)
        try temporary.store.execute(request)
        #expect(contact.thumbnailImageData == nil)
        #expect(!contact.imageDataAvailable)
        let stored = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: [CNContactImageDataAvailableKey as CNKeyDescriptor])
        #expect(stored.imageDataAvailable)
    }

    @Test(arguments: StoreMode.allCases)
    func imageDataAvailableAnswersWithoutTheImage(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        contact.imageData = try photo()
        try ContactFixtures.save([contact, ContactFixtures.person("Bo", "Ek")], in: temporary.store)
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey, CNContactImageDataAvailableKey].map { $0 as CNKeyDescriptor })
        var available: [String: Bool] = [:]
        try temporary.store.enumerateContacts(with: request) { contact, _ in
            available[contact.givenName] = contact.imageDataAvailable
            #expect(!contact.isKeyAvailable(CNContactImageDataKey))
        }
        #expect(available == ["Ann": true, "Bo": false])
    }

    @Test(arguments: StoreMode.allCases)
    func removingTheImageClearsAvailabilityAndThumbnail(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        contact.imageData = try photo()
        try ContactFixtures.save([contact], in: temporary.store)
        contact.imageData = nil
        let request = CNSaveRequest()
        request.update(contact)
        try temporary.store.execute(request)
        let keys = [CNContactThumbnailImageDataKey, CNContactImageDataAvailableKey].map { $0 as CNKeyDescriptor }
        let fetched = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: keys)
        #expect(!fetched.imageDataAvailable)
        #expect(fetched.thumbnailImageData == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func dataThatIsNotAnImageIsKeptWithoutThumbnail(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        contact.imageData = Data("GIF89a".utf8)
        try ContactFixtures.save([contact], in: temporary.store)
        let keys = [CNContactImageDataKey, CNContactThumbnailImageDataKey, CNContactImageDataAvailableKey].map { $0 as CNKeyDescriptor }
        let fetched = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: keys)
        #expect(fetched.imageData == Data("GIF89a".utf8))
        #expect(fetched.imageDataAvailable)
        #expect(fetched.thumbnailImageData == nil)
    }
}
