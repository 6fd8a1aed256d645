import ContactsSystem
import Foundation

/// Files and stores the import benchmarks share, made once in the temporary directory.
public enum ImportFixture {
    /// The folder holding generated files and stores.
    public static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "contacts-import-benchmarks", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A generated vCard file of `count` cards, written on first use.
    public static func file(count: Int, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("generated-\(count).vcf")
        if !FileManager.default.fileExists(atPath: url.path) {
            try VCardFileGenerator.write(count: count, to: url)
        }
        return url
    }

    /// A store holding the generated file's contacts, imported on first use.
    public static func importedStore(count: Int, in folder: URL) throws -> CNContactStore {
        let url = folder.appendingPathComponent("imported-\(count).sqlite")
        let exists = FileManager.default.fileExists(atPath: url.path)
        let store = CNContactStore(url: url)
        if !exists {
            try store.importVCards(from: file(count: count, in: folder))
        }
        return store
    }

    /// Removes a store file and its write-ahead log.
    public static func remove(_ store: URL) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: store.path + suffix)
        }
    }
}
