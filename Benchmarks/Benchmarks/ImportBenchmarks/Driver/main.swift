import ContactsSystem
import Foundation
import ImportBenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

// A plain release driver for the import and export figures, so peak memory can be read with
// `/usr/bin/time -v`:  swift run -c release ImportDriver [count] [import|export|both|save]
// "save" adds the generated file's contacts with one CNSaveRequest instead, timing only `execute`, for
// profiling the save path with `perf record`.
let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let mode = arguments.count > 2 ? arguments[2] : "both"
let folder = try ImportFixture.folder()
let file = try ImportFixture.file(count: count, in: folder)
let storeURL = folder.appendingPathComponent("driver-\(UUID().uuidString).sqlite")
let store = CNContactStore(url: storeURL)
_ = try store.defaultContainerIdentifier()
let clock = ContinuousClock()
if mode == "save" {
    let contacts = try CNContactVCardSerialization.contacts(with: Data(contentsOf: file))
    let request = CNSaveRequest()
    for contact in contacts {
        guard let copy = contact.mutableCopy() as? CNMutableContact else { continue }
        request.add(copy, toContainerWithIdentifier: nil)
    }
    // Process CPU time (user + system, all threads) around the save alone.
    let cpuStart = Double(Glibc.clock()) / Double(CLOCKS_PER_SEC)
    let saveTime = try clock.measure { try store.execute(request) }
    let cpuEnd = Double(Glibc.clock()) / Double(CLOCKS_PER_SEC)
    print("save: \(contacts.count) contacts in \(saveTime) wall, \(cpuEnd - cpuStart) s CPU")
    ImportFixture.remove(storeURL)
    exit(0)
}
var summary = ContactImportSummary()
let importTime = try clock.measure { summary = try store.importVCards(from: file) }
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
print(
    "import: \(summary.added) added, \(summary.groupsCreated) groups, \(summary.membersAdded) members in \(seconds(importTime)) s"
        + " = \(Int(Double(summary.added) / seconds(importTime))) contacts/s (\(size / 1_000_000) MB)")
if mode != "import" {
    let output = folder.appendingPathComponent("driver-export.vcf")
    var exported = ContactExportSummary()
    let exportTime = try clock.measure { exported = try store.exportVCards(to: output) }
    print(
        "export: \(exported.contacts) contacts, \(exported.groups) groups, \(exported.bytes / 1_000_000) MB in \(seconds(exportTime)) s"
            + " = \(Int(Double(exported.contacts) / seconds(exportTime))) contacts/s")
    let again = try clock.measure { summary = try store.importVCards(from: file) }
    print(
        "re-import: \(summary.added) added, \(summary.updated) updated, \(summary.skippedCount) skipped in \(seconds(again)) s"
    )
}
ImportFixture.remove(storeURL)
