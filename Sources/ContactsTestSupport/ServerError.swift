import Foundation

/// A failure to set up a test server; its message says what to install or what the server printed.
package struct ServerError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
