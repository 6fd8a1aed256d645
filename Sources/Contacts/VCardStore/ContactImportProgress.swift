/// How far an import has come, as reported to its progress closure.
///
/// Parity: our addition.
public struct ContactImportProgress: Hashable, Sendable {
    /// The index of the file being read, from 0.
    public var fileIndex: Int
    /// Cards read so far, over every file.
    public var cardsRead: Int
    /// Bytes read so far, over every file.
    public var bytesRead: Int
    /// The size of every file together, when known.
    public var totalBytes: Int?
    /// Whether the import has written everything (the last report).
    public var isFinished: Bool

    public init(
        fileIndex: Int = 0, cardsRead: Int = 0, bytesRead: Int = 0, totalBytes: Int? = nil, isFinished: Bool = false
    ) {
        self.fileIndex = fileIndex
        self.cardsRead = cardsRead
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.isFinished = isFinished
    }
}
