import Foundation

// SwiftPM generates `Bundle.module` for targets with resources; the Fuzz scripts compile ContactsModel with
// plain swiftc, so this file stands in for it and points at the source resources folder (copied as-is by
// the package, so the layout matches).
extension Bundle {
    static let module: Bundle = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return Bundle(url: root.appendingPathComponent("Sources/ContactsModel/Resources")) ?? Bundle.main
    }()
}
