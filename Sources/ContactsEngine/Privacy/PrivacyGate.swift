import ContactsModel
import ContactsPrivacy
import Foundation
import Synchronization

/// The gate every call of an app's store passes: identity, authorization, revocation and the visible set.
///
/// One gate per store (``EmbeddedConnection``). On every data call it reads the app's row (one indexed
/// read), checks that access was not reduced since the store first touched data (``AccessGeneration``), and
/// while the status is not determined asks the person through the ``AuthorizationCoordinator`` and waits.
/// The person (`.person`) passes without checks.
package final class PrivacyGate: Sendable {
    private struct State {
        var accessor: AccessorIdentity?
        var opened: AccessGeneration?
        var coordinator: AuthorizationCoordinator?
        /// The thread whose calls may not wait for the person (``withoutWaitingForPerson(_:)``), if any.
        var noWaitThread: pthread_t?
        /// Whether a call on that thread needed the person.
        var personNeeded = false
    }

    /// The privacy collaborators.
    package let options: ContactStorePrivacyOptions
    /// The administrator's policy, consulted on every decision.
    package let policySource: AdministratorPolicySource
    private let state: Mutex<State>

    package init(accessor: AccessorIdentity?, options: ContactStorePrivacyOptions) {
        self.options = options
        self.policySource = AdministratorPolicySource(
            fixed: options.administratorPolicy, environment: options.resolvedEnvironment)
        self.state = Mutex(State(accessor: accessor))
    }

    /// Who uses the store; identifies this process on first use, stopping it when it cannot be identified
    /// or its `Info.plist` lacks `NSContactsUsageDescription` (as Apple's abort).
    package func accessor() -> AccessorIdentity {
        let environment = options.resolvedEnvironment
        return state.withLock { state in
            let accessor = state.accessor ?? .app(AppIdentity.requireForContactsAccess(environment: environment))
            if case .app(let app) = accessor {
                _ = app.requireUsageDescription()
            }
            state.accessor = accessor
            return accessor
        }
    }

    /// The accessor without stopping the process: nil when the process cannot be identified.
    package func identifiedAccessor() -> AccessorIdentity? {
        let environment = options.resolvedEnvironment
        return state.withLock { state in
            if let accessor = state.accessor { return accessor }
            return (try? AppIdentity.load(environment: environment)).map(AccessorIdentity.app)
        }
    }

    /// The administrator's policy now: read on every decision (``AdministratorPolicySource`` re-reads the file
    /// only when it changed).
    package var policy: AdministratorPolicy {
        policySource.current()
    }

    /// Asks the person (and blocks) while the app's status is not determined.
    ///
    /// - Throws: `authorizationDenied` (100) when nobody could ask or the person did not allow access.
    func askPerson(_ app: AppIdentity, database: StoreDatabase) throws(CNError) {
        let mayWait = state.withLock { state in
            guard let thread = state.noWaitThread, pthread_equal(thread, pthread_self()) != 0 else { return true }
            state.personNeeded = true
            return false
        }
        // Asking, or joining a prompt already showing, would hold this thread for as long as the person takes.
        guard mayWait else { throw CNError(.authorizationDenied) }
        let coordinator = coordinator(for: app, database: database)
        let outcome = ThreadTaskExecutor.runBlocking { () async -> CNError? in
            do throws(CNError) {
                try await coordinator.authorizeDataAccess()
                return nil
            } catch {
                return error
            }
        }
        // runBlocking gives nil when the blocking run itself failed: that grants nothing either.
        if let failure = outcome ?? CNError(.authorizationDenied) { throw failure }
    }

    /// Runs `body` on this thread with a gate that never waits for the person: a call that would ask (or join a
    /// prompt already showing) fails at once instead, and nothing is asked or recorded.
    ///
    /// contactsd answers an idle app's short calls on its event loop, which must never wait for a person (whose
    /// answer may come through that very loop); a call that needs the person is run again on the app's own queue.
    /// Other threads using this gate meanwhile (a picker's) are not affected.
    ///
    /// - Returns: The body's result, or nil when the body needed the person (its result is then meaningless).
    package func withoutWaitingForPerson<Value>(_ body: () throws(CNError) -> Value) -> Result<Value, CNError>? {
        state.withLock { state in
            state.noWaitThread = pthread_self()
            state.personNeeded = false
        }
        let result: Result<Value, CNError>
        do throws(CNError) {
            result = .success(try body())
        } catch {
            result = .failure(error)
        }
        let needed = state.withLock { state in
            state.noWaitThread = nil
            return state.personNeeded
        }
        return needed ? nil : result
    }

    /// The app's effective status now; never asks, never blocks on the person.
    ///
    /// - Parameter database: The store; nil when it does not exist yet (no decision was recorded).
    package func status(_ database: StoreDatabase?) throws(CNError) -> CNAuthorizationStatus {
        guard let accessor = identifiedAccessor() else { return .notDetermined }
        guard case .app(let app) = accessor else { return .authorized }
        let stored = try database.flatMap { database throws(CNError) in
            try repository(database).state(for: app.bundleIdentifier)?.status
        }
        return policy.effectiveStatus(of: app.bundleIdentifier, stored: stored ?? .notDetermined)
    }

    /// Asks for access once and remembers the answer; the person is always granted.
    package func requestAccess(_ database: StoreDatabase) async -> (granted: Bool, error: CNError?) {
        guard case .app(let app) = accessor() else { return (true, nil) }
        let coordinator = coordinator(for: app, database: database)
        return await ThreadTaskExecutor.run { await coordinator.requestAccess() }
    }

    /// Fails every call once access was reduced since this store first touched data.
    func checkGeneration(_ current: AccessGeneration?) throws(CNError) {
        let opened = state.withLock { state in
            if state.opened == nil { state.opened = current ?? AccessGeneration() }
            return state.opened ?? AccessGeneration()
        }
        try opened.checkStillValid(current: current)
    }

    /// Takes the app's current generation as this store's from the next call on: after the contact access
    /// picker, whose changes the app itself asked the person for, the store goes on under the new set instead of
    /// failing with 100. The current record still decides every call (a denial still denies).
    package func forgetOpenedGeneration() {
        state.withLock { $0.opened = nil }
    }

    /// The coordinator of this store's app, created on first need.
    private func coordinator(for app: AppIdentity, database: StoreDatabase) -> AuthorizationCoordinator {
        let options = options
        let policySource = policySource
        let directory = directory(database)
        let repository = repository(database)
        return state.withLock { state in
            if let coordinator = state.coordinator { return coordinator }
            let coordinator = AuthorizationCoordinator(
                app: app,
                repository: repository,
                agent: options.resolvedConsentAgent(),
                currentPolicy: { policySource.current() },
                environment: options.resolvedEnvironment,
                candidates: ContactCandidateSource { (try? directory.candidates()) ?? [] }
            )
            state.coordinator = coordinator
            return coordinator
        }
    }
}
