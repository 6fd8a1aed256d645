import ContactsSystem
import Foundation
import Testing

/// What the administration tests (`contacts apps`, `contacts daemon`) need: root, other users, file owners and
/// modes, and a person's store with something of every kind in it.
enum AdministrationSupport {
    /// A user's ids.
    typealias User = (uid: uid_t, gid: gid_t)

    /// Stops the test when it does not run as root: these tests create users and give files away (CI runs as root).
    static func requireRoot() throws {
        try #require(
            geteuid() == 0, "the administration tests must run as root (CI does): they create users and change owners")
    }

    /// A system user, created when missing (`.ci/run` creates contacts-test-a and -b).
    static func user(_ name: String) throws -> User {
        if getpwnam(name) == nil {
            let result = try run([
                "/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name,
            ])
            #expect(result.status == 0, "useradd \(name): \(result.output)")
        }
        let entry = try #require(getpwnam(name), "no user \(name)")
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// Deletes a user the test created (and the group of its name).
    static func deleteUser(_ name: String) {
        _ = try? run(["/usr/sbin/userdel", name])
        if getgrnam(name) != nil { _ = try? run(["/usr/sbin/groupdel", name]) }
    }

    /// Owner, group and permission bits of a file (no link followed).
    static func status(_ path: String) throws -> (uid: uid_t, gid: gid_t, mode: mode_t) {
        var status = stat()
        try #require(lstat(path, &status) == 0, "no file at \(path)")
        return (status.st_uid, status.st_gid, status.st_mode & 0o7777)
    }

    /// The SHA-256 of a file, in lowercase hex, from coreutils.
    static func sha256(_ path: String) throws -> String {
        let result = try run(["/usr/bin/sha256sum", path])
        return String(result.output.prefix(64))
    }

    /// Runs a command and collects its output and error together.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A person's store with two contacts (one with a note and a photo), a group holding one of them, and
    /// the person's decisions for two apps.
    static func makePersonStore(at url: URL) throws {
        let store = CNContactStore(url: url)
        let ann = CNMutableContact()
        ann.givenName = "Ann"
        ann.familyName = "Lee"
        ann.note = "Allergic to cats."
        ann.imageData = try photo()
        let bob = CNMutableContact()
        bob.givenName = "Bob"
        bob.familyName = "Stone"
        let group = CNMutableGroup()
        group.name = "Friends"
        let request = CNSaveRequest()
        request.add(ann, toContainerWithIdentifier: nil)
        request.add(bob, toContainerWithIdentifier: nil)
        request.add(group, toContainerWithIdentifier: nil)
        request.addMember(ann, to: group)
        try store.execute(request)
        try store.accessControls().setAccess(.full, for: "org.example.allowed")
        try store.accessControls().setAccess(.denied, for: "org.example.denied")
    }

    /// A small JPEG, as a contact photo.
    static func photo() throws -> Data {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), 90] }
        }
        return try #require(Thumbnail.encode(Bitmap(width: 64, height: 48, pixels: pixels)))
    }
}

extension CommandLineHarness {
    /// Runs `contacts` as another user (`setpriv`), without `--store`.
    func contacts(as user: AdministrationSupport.User, _ arguments: [String]) throws -> Result {
        try run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", Self.product("contacts").path]
                + arguments)
    }

    /// The harness folder with links resolved, as the tool writes paths.
    var realDirectory: URL { directory.resolvingSymlinksInPath() }
}
