import ContactsSystem

/// The vCard files an import reads: files as given, folders searched for `.vcf` and `.vcard` files.
package enum VCardInputFiles {
    /// The files behind paths, folders expanded (recursively, sorted by path).
    ///
    /// - Throws: ``CommandFailure`` with ``ExitStatus/noInput`` for a path that is missing or unreadable.
    package static func expand(_ paths: [String]) throws(CommandFailure) -> [URL] {
        let manager = FileManager.default
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure("no such file: \(path)", exitCode: ExitStatus.noInput)
            }
            guard manager.isReadableFile(atPath: path) else {
                throw CommandFailure("cannot read \(path)", exitCode: ExitStatus.noInput, hint: "check its permissions")
            }
            let url = URL(fileURLWithPath: path)
            guard isDirectory.boolValue else {
                files.append(url)
                continue
            }
            let found = (manager.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects ?? [])
                .compactMap { $0 as? URL }
                .filter { ["vcf", "vcard"].contains($0.pathExtension.lowercased()) }
                .sorted { $0.path < $1.path }
            for file in found where !manager.isReadableFile(atPath: file.path) {
                throw CommandFailure(
                    "cannot read \(file.path)", exitCode: ExitStatus.noInput, hint: "check its permissions")
            }
            files.append(contentsOf: found)
        }
        return files
    }

    /// The total size of files, for progress.
    package static func totalSize(of files: [URL]) -> Int {
        files.reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}
