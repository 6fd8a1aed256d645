/// How `CNContactStore.importVCards(from:options:progress:)` imports cards.
///
/// ```swift
/// var options = ContactImportOptions()
/// options.containerIdentifier = container.identifier
/// options.progressInterval = 5_000
/// let summary = try store.importVCards(from: url, options: options)
/// ```
///
/// Parity: our addition.
public struct ContactImportOptions: Hashable, Sendable {
    /// The container that receives new contacts and groups; nil for the default container.
    public var containerIdentifier: String?
    /// The progress closure is called after every this many cards (at least 1), and once at the end.
    public var progressInterval: Int
    /// How many cards are matched and written together: one UID lookup and one read of matched contacts
    /// per batch.
    public var batchSize: Int
    /// The transaction author the change history records for the import.
    public var transactionAuthor: String?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - containerIdentifier: The target container; nil for the default one.
    ///   - progressInterval: Cards between progress reports; 1,000 by default.
    ///   - batchSize: Cards per batch; 5,000 by default.
    ///   - transactionAuthor: The history's author; "contacts import" by default.
    public init(
        containerIdentifier: String? = nil,
        progressInterval: Int = 1_000,
        batchSize: Int = 5_000,
        transactionAuthor: String? = "contacts import"
    ) {
        self.containerIdentifier = containerIdentifier
        self.progressInterval = progressInterval
        self.batchSize = batchSize
        self.transactionAuthor = transactionAuthor
    }
}
