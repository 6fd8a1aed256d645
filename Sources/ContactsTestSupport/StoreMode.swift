/// Where the store under test lives, so one test runs against both: the engine in the test process (embedded),
/// or contactsd, reached over its socket as an app reaches it (daemon).
///
/// ```swift
/// @Test(arguments: StoreMode.allCases)
/// func savesAndFetches(mode: StoreMode) throws {
///     let temporary = try TemporaryStore(mode: mode)
///     try temporary.store.execute(request)
/// }
/// ```
public enum StoreMode: String, CaseIterable, Sendable {
    case embedded
    case daemon
}
