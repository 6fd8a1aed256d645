/// Runs a closure and returns its result.
///
/// Apple platforms drain an autorelease pool after the closure; Linux has no autorelease pools, so this
/// only calls it. It exists so code that wraps large fetches in `autoreleasepool` compiles unchanged.
///
/// Parity: full (no pool is needed on Linux).
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result {
    try body()
}
