import Foundation

// On Apple platforms the compiler bridges CNError and NSError both ways, so `catch let error as NSError`
// matches a thrown CNError and `catch let error as CNError` matches a thrown NSError of the Contacts domain.
// Swift on Linux performs those dynamic casts through `_ObjectiveCBridgeable`; conforming here makes both
// catch clauses behave as they do on Apple platforms. See docs/Model.md.
extension CNError: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSError {
        NSError(domain: CNErrorDomain, code: code.rawValue, userInfo: errorUserInfo)
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSError, result: inout CNError?) {
        result = CNError(_nsError: source)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSError, result: inout CNError?) -> Bool {
        guard source.domain == CNErrorDomain else { return false }
        result = CNError(_nsError: source)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSError?) -> CNError {
        source.map { CNError(_nsError: $0) } ?? CNError(.dataAccessError)
    }
}
