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
        let keys = [CNContactImageDataKey, CNContactThumbnailImageDataKey, CNContactImageDataAvailableKey].map {
            $0 as CNKeyDescriptor
        }
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
        let stored = try temporary.store.unifiedContact(
            withIdentifier: contact.identifier, keysToFetch: [CNContactImageDataAvailableKey as CNKeyDescriptor])
        #expect(stored.imageDataAvailable)
    }

    @Test(arguments: StoreMode.allCases)
    func imageDataAvailableAnswersWithoutTheImage(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        contact.imageData = try photo()
        try ContactFixtures.save([contact, ContactFixtures.person("Bo", "Ek")], in: temporary.store)
        let request = CNContactFetchRequest(
            keysToFetch: [CNContactGivenNameKey, CNContactImageDataAvailableKey].map { $0 as CNKeyDescriptor })
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

    /// A saved contact shows the stored state without a read: the one whose image went away has its derived
    /// fields cleared in place, while the one with a new image in the same request is read back for its
    /// thumbnail (daemon mode asks contactsd for the stored state of the second case only).
    @Test(arguments: StoreMode.allCases)
    func savedContactsShowTheirImageDerivedFieldsWithAndWithoutAnImage(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let keep = ContactFixtures.person("Ann", "Lee")
        keep.imageData = try photo()
        let drop = ContactFixtures.person("Bo", "Ek")
        drop.imageData = try photo()
        try ContactFixtures.save([keep, drop], in: temporary.store)
        #expect(drop.imageDataAvailable && drop.thumbnailImageData != nil)

        drop.imageData = nil
        drop.givenName = "Bob"
        let request = CNSaveRequest()
        request.update(drop)
        try temporary.store.execute(request)
        #expect(!drop.imageDataAvailable)
        #expect(drop.thumbnailImageData == nil)
        #expect(drop.givenName == "Bob" && drop.familyName == "Ek")

        let added = ContactFixtures.person("Cy", "Oz")
        let pictured = ContactFixtures.person("Di", "Ng")
        pictured.imageData = try photo()
        let both = CNSaveRequest()
        both.add(added, toContainerWithIdentifier: nil)
        both.add(pictured, toContainerWithIdentifier: nil)
        try temporary.store.execute(both)
        #expect(!added.imageDataAvailable && added.thumbnailImageData == nil)
        #expect(pictured.imageDataAvailable)
        let keys = [CNContactThumbnailImageDataKey, CNContactImageDataAvailableKey].map { $0 as CNKeyDescriptor }
        let stored = try temporary.store.unifiedContact(withIdentifier: pictured.identifier, keysToFetch: keys)
        #expect(pictured.thumbnailImageData != nil && pictured.thumbnailImageData == stored.thumbnailImageData)
        #expect(added.givenName == "Cy")
    }

    @Test(arguments: StoreMode.allCases)
    func dataThatIsNotAnImageIsKeptWithoutThumbnail(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        contact.imageData = Data("GIF89a".utf8)
        try ContactFixtures.save([contact], in: temporary.store)
        let keys = [CNContactImageDataKey, CNContactThumbnailImageDataKey, CNContactImageDataAvailableKey].map {
            $0 as CNKeyDescriptor
        }
        let fetched = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: keys)
        #expect(fetched.imageData == Data("GIF89a".utf8))
        #expect(fetched.imageDataAvailable)
        #expect(fetched.thumbnailImageData == nil)
    }
}
