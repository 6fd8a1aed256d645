import Foundation

extension CommandFailure {
    /// The failure for a file the tool could not create, change or remove: 77 when the system said no
    /// (permission), 73 otherwise (`what` names the action and the path, such as "cannot write /etc/x").
    package static func fileSystem(_ what: String, _ error: any Error) -> CommandFailure {
        let code = (error as NSError).code
        let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
        let denied =
            code == CocoaError.fileWriteNoPermission.rawValue || code == CocoaError.fileReadNoPermission.rawValue
            || [EACCES, EPERM].contains(Int32(underlying ?? 0))
        return CommandFailure(what, exitCode: denied ? ExitStatus.permission : ExitStatus.cannotCreate)
    }

    /// The failure for a system call that set `errno`: 77 for EACCES and EPERM, 73 otherwise.
    package static func systemCall(_ what: String, errno code: Int32 = errno) -> CommandFailure {
        let reason = String(cString: strerror(code))
        let exitCode = [EACCES, EPERM].contains(code) ? ExitStatus.permission : ExitStatus.cannotCreate
        return CommandFailure("\(what): \(reason)", exitCode: exitCode)
    }

    /// The failure of a command only root may run.
    package static func needsRoot(_ command: String) -> CommandFailure {
        CommandFailure(
            "'\(command)' changes the system and needs root", exitCode: ExitStatus.permission,
            hint: "run it with sudo")
    }
}
