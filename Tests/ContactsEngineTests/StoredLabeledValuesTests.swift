import ContactsModel
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// A contact's value rows kept as read, their texts' bytes in one buffer that grows in place.
@Suite struct StoredLabeledValuesTests {
    /// One e-mail row: kind, identifier, label, value, detail, with the label NULL or as given.
    private struct Row {
        var identifier: String
        var label: String?
        var value: String
    }

    /// Appends each row as the reader does, from a statement's current row; text is bound as bytes cast to text,
    /// so U+0000 is stored whole.
    private static func append(_ rows: [Row], to values: inout StoredLabeledValues, in db: Database) throws {
        let statement = try db.makeStatement(sql: "SELECT 2, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), NULL")
        for row in rows {
            let cursor = try StatementRows(
                statement,
                arguments: [Data(row.identifier.utf8), row.label.map { Data($0.utf8) }, Data(row.value.utf8)])
            let current = try #require(try cursor.next())
            values.appendRow(of: current, kindColumn: 0)
        }
    }

    /// The identifiers, labels and values `values` holds for its e-mail addresses, read as texts.
    private static func emails(_ values: StoredLabeledValues) -> [Row] {
        var texts = LabeledValueTexts()
        _ = values.appendTexts(of: .emailAddresses, to: &texts)
        return texts.identifiers.indices.map { index in
            Row(
                identifier: texts.identifiers[index], label: texts.labelPresent[index] ? texts.labels[index] : nil,
                value: texts.values[index])
        }
    }

    private static func rows(_ prefix: String, count: Int) -> [Row] {
        (0..<count).map { number in
            Row(
                identifier: "\(prefix)-\(number)",
                label: number % 3 == 0 ? nil : (number % 3 == 1 ? "" : "_$!<Home>!$_"),
                value: "\(prefix)\u{0}Søren 山田 \(String(repeating: "x", count: number))@example.com")
        }
    }

    /// Rows whose texts outgrow the first buffer many times over come back whole, a NULL label apart from an
    /// empty one, and decoding builds the same values.
    @Test func rowsPastTheFirstBufferComeBackWhole() throws {
        let queue = try DatabaseQueue()
        let rows = Self.rows("row", count: 60)
        var values = StoredLabeledValues()
        try queue.read { try Self.append(rows, to: &values, in: $0) }
        let read = Self.emails(values)
        #expect(read.map(\.identifier) == rows.map(\.identifier))
        #expect(read.map(\.label) == rows.map(\.label))
        #expect(read.map(\.value) == rows.map(\.value))
        var lists = LabeledValueLists()
        values.decode(.emailAddresses, into: &lists)
        #expect(lists.emailAddresses.map { $0.value as String } == rows.map(\.value))
        #expect(lists.emailAddresses.map(\.label) == rows.map(\.label))
    }

    /// Two copies that append different rows after sharing the buffer each keep their own rows.
    @Test func copiesAppendingAfterSharingKeepTheirOwnRows() throws {
        let queue = try DatabaseQueue()
        let shared = Self.rows("shared", count: 3)
        let first = Self.rows("first", count: 30)
        let second = Self.rows("second", count: 2)
        var original = StoredLabeledValues()
        try queue.read { db in
            try Self.append(shared, to: &original, in: db)
            var copy = original
            try Self.append(second, to: &copy, in: db)
            try Self.append(first, to: &original, in: db)
            #expect(Self.emails(copy).map(\.value) == (shared + second).map(\.value))
            #expect(Self.emails(original).map(\.value) == (shared + first).map(\.value))
        }
    }

    /// Values with no row, and rows whose texts are all empty, read back as such.
    @Test func emptyTextsAndNoRowsReadBackEmpty() throws {
        #expect(Self.emails(StoredLabeledValues()).isEmpty)
        let queue = try DatabaseQueue()
        var values = StoredLabeledValues()
        try queue.read { try Self.append([Row(identifier: "", label: "", value: "")], to: &values, in: $0) }
        let read = Self.emails(values)
        #expect(read.count == 1)
        #expect(read.first?.identifier == "" && read.first?.label == "" && read.first?.value == "")
    }
}

extension StoredLabeledValuesTests {
    /// The values fit an existential's inline buffer (three words), so a contact's deferred values
    /// (`any LabeledValueSource`) take no allocation of their own.
    @Test func valuesFitAnExistentialsInlineBuffer() {
        #expect(MemoryLayout<StoredLabeledValues>.size <= 3 * MemoryLayout<Int>.size)
    }
}
