import ContactsProtocol
import ContactsSystem

/// Field keys (field number << 3 | wire type) of the messages a contact batch is made of, for the batches
/// contactsd writes by hand (``ColumnBatchEncoder``); the numbers are Protocol/contacts/v1/contacts.proto's.
enum WireTag {
    static func of(_ field: UInt64, lengthDelimited: Bool = true) -> UInt64 { field << 3 | (lengthDelimited ? 2 : 0) }
    // ServerMessage
    static let messageID = of(1, lengthDelimited: false)
    static let contactBatch = of(6)
    // ContactBatch
    static let last = of(2, lengthDelimited: false)
    static let batchKeys = of(50)
    static let batchIdentifiers = of(51)
    static let identifiersUnified = of(52, lengthDelimited: false)
    static let columns = of(53)
    // ContactColumns
    static let identifiers = of(1)
    static let linkedAlone = of(4, lengthDelimited: false)
    static let strings = of(5)
    static let contactTypes = of(6)
    static let imageDataAvailable = of(7)
    static let dates = of(8)
    static let labeled = of(9)
    // StringColumn, DateColumn and LabeledColumn: the key is field 1 of each.
    static let columnKey = of(1)
    static let stringValues = of(2)
    static let datePresent = of(2)
    static let dateValues = of(3)
    static let labeledCounts = of(2)
    static let labeledIdentifiers = of(3)
    static let labelPresent = of(4)
    static let labels = of(5)
    static let labeledValues = of(6)
    static let labeledDates = of(7)
}
