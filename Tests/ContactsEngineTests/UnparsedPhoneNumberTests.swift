import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// A number the region's dialling rules cannot read is still found by its own digits.
@Suite struct UnparsedPhoneNumberTests {
    /// Written without a country code, each starts with "011", which the US reads as its international prefix
    /// followed by a country code that does not exist.
    static let numbers = ["011 3797 4598", "0118 9271988", "01 18 97 34 61"]

    @Test(arguments: numbers)
    func theMatcherKeysAndMatchesANumberItCannotParseByItsDigits(number: String) throws {
        let matcher = RegionalPhoneNumberMatcher(defaultRegion: "US")
        #expect(PhoneNumberSearchKey.make(number, defaultRegion: "US") == nil, "the region cannot read it")
        let key = try #require(matcher.indexKey(for: number))
        #expect(matcher.lookupPrefix(for: number) == key)
        #expect(matcher.lookupPrefix(for: number.filter(\.isNumber)) == key)
        #expect(matcher.matches(number, number))
        #expect(matcher.matches(number, number.filter(\.isNumber)), "the same digits written without spaces")
        #expect(!matcher.matches(number, String(number.dropLast()) + "0"), "another number")
    }

    @Test func numbersTheRegionReadsStillMatchByItsRulesOnly() {
        let matcher = RegionalPhoneNumberMatcher(defaultRegion: "US")
        #expect(matcher.matches("+1 415 555 0100", "(415) 555-0100"))
        #expect(
            !matcher.matches("+1 415 555 0100", "+44 415 555 0100"), "same digits after the calling code, other country"
        )
        #expect(matcher.indexKey(for: "Dog") == nil)
        #expect(matcher.indexKey(for: "12") == nil)
    }

    @Test func aStoreFindsAContactByANumberTheRegionCannotRead() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save(
            Self.numbers.enumerated().map { index, number in
                ContactFixtures.person("P\(index)", "Test", phones: [number])
            },
            in: temporary.store)
        for (index, number) in Self.numbers.enumerated() {
            let found = try temporary.store.unifiedContacts(
                matching: CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: number)),
                keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
            #expect(found.map(\.identifier) == [saved[index].identifier], "\(number)")
        }
    }

    @Test func openingAStoreIndexesNumbersAnEarlierVersionLeftOut() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save(
            [ContactFixtures.person("Ann", "Test", phones: [Self.numbers[0]])], in: temporary.store)
        // As an earlier version left the store: no index row for the number, and the migration not applied.
        try temporary.rewindValueClustering()
        try temporary.rewind(migration: PhoneIndexSchema.migrationName) { db in
            try db.execute(sql: "DELETE FROM phone_index; DELETE FROM phone_index_staged")
        }
        let reopened = try temporary.reopen()
        let found = try reopened.unifiedContacts(
            matching: CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: Self.numbers[0])),
            keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        #expect(found.map(\.identifier) == [saved[0].identifier])
    }
}
