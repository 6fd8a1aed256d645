import Contacts

/// The CNError code a call throws, for tests that compare codes across many calls.
package enum ErrorCode {
    /// The code of the CNError the body throws, or nil when it throws none (or another error).
    package static func of<T>(_ body: () throws -> T) -> CNError.Code? {
        do {
            _ = try body()
            return nil
        } catch let error as CNError {
            return error.code
        } catch {
            return nil
        }
    }
}
