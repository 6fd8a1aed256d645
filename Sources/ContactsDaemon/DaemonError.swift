import ContactsModel
import Foundation

/// A failure of the daemon itself (not of a store call): code, message for the log, and the CNError the peer
/// receives. Messages name paths, identifiers and numbers of processes, never contact data.
struct DaemonError: Error, CustomStringConvertible {
    struct Code: Hashable, Sendable {
        private enum Value {
            case peerUnknown, unregisteredApp, incompleteRegistration, modifiedExecutable, tracedProcess, injectedCode
            case protocolViolation, unsupportedVersion
        }
        private let value: Value
        static let peerUnknown = Code(value: .peerUnknown)
        static let unregisteredApp = Code(value: .unregisteredApp)
        /// A registry entry without a purpose string: embedded, Apple's rule stops such an app; the daemon refuses it.
        static let incompleteRegistration = Code(value: .incompleteRegistration)
        static let modifiedExecutable = Code(value: .modifiedExecutable)
        static let tracedProcess = Code(value: .tracedProcess)
        static let injectedCode = Code(value: .injectedCode)
        static let protocolViolation = Code(value: .protocolViolation)
        static let unsupportedVersion = Code(value: .unsupportedVersion)
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { message }

    /// What the peer is told: 100 for anything about its identity (no data without a known, intact app),
    /// with a hint naming the fix; 2 otherwise.
    var contactsError: CNError {
        switch code {
        case .unregisteredApp, .incompleteRegistration, .modifiedExecutable, .tracedProcess, .injectedCode,
            .peerUnknown:
            CNError(.authorizationDenied, userInfo: [NSDebugDescriptionErrorKey: message])
        default:
            CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: message])
        }
    }
}
