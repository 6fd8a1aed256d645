import ContactsModel
import ContactsPrivacy
import PropertyBased
import Testing

/// Random event sequences against the state machine and the visibility rules.
@Suite struct AuthorizationPropertyTests {
    static let identifiers = ["A", "B", "C", "D"]
    static let statuses: [CNAuthorizationStatus] = [.notDetermined, .restricted, .denied, .authorized, .limited]

    /// One step of a simulation: a machine event, or a change to the record outside the machine.
    enum Step {
        case machine(AuthorizationEvent)
        case create(String)
        case share(String)
        case unshare(String)
    }

    /// Decodes a random number into a step; tickets are numbered by position.
    static func step(_ code: Int, position: Int) -> Step {
        let ticket = AccessTicket(UInt64(position))
        let identifier = identifiers[code % identifiers.count]
        let answers: [ConsentAnswer?] = [nil, .deny, .full, .limited([identifier])]
        switch code % 12 {
        case 0: return .machine(.statusQuery)
        case 1, 2: return .machine(.requestAccess(ticket))
        case 3: return .machine(.dataAccess(ticket))
        case 4, 5: return .machine(.consentAnswered(answers[(code / 12) % answers.count], at: testDate))
        case 6: return .machine(.personChangedAccess(statuses[(code / 12) % statuses.count]))
        case 7: return .machine(.policyRestricted)
        case 8: return .machine(.reset)
        case 9: return .create(identifier)
        case 10: return .share(identifier)
        default: return .unshare(identifier)
        }
    }

    @Test func invariantsHoldForRandomEventSequences() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...239).array(of: 0...40)) { codes in
            var machine = AuthorizationStateMachine(app: testApp(), status: .notDetermined)
            var record = AuthorizationRecord(bundleIdentifier: "com.example.app")
            var answered = Set<AccessTicket>()
            for (position, code) in codes.enumerated() {
                let before = machine.status
                let wasAsking = machine.isAsking
                switch Self.step(code, position: position) {
                case .create(let identifier):
                    record.createdIdentifiers.insert(identifier)
                case .share(let identifier):
                    record.limitedIdentifiers.insert(identifier)
                case .unshare(let identifier):
                    record.limitedIdentifiers.remove(identifier)
                case .machine(let event):
                    let actions = machine.handle(event)
                    let asks = actions.filter { if case .askConsent = $0 { true } else { false } }
                    // Restricted apps are never asked, and a showing prompt is never shown twice.
                    if before == .restricted || wasAsking { #expect(asks.isEmpty) }
                    if before != .notDetermined { #expect(asks.isEmpty) }
                    // A decided status reverts to not determined only by a reset.
                    if before != .notDetermined && machine.status == .notDetermined {
                        let isReset: Bool =
                            switch event {
                            case .reset, .personChangedAccess(.notDetermined): true
                            default: false
                            }
                        #expect(isReset)
                    }
                    for action in actions {
                        switch action {
                        case .record(let decision):
                            // Only a prompt's answer records, and only while not determined.
                            #expect(before == .notDetermined)
                            record.status = decision.status
                            record.limitedIdentifiers = decision.limitedIdentifiers
                        case .reply(let ticket, _, _), .proceed(let ticket), .fail(let ticket, _):
                            // Every caller is answered exactly once.
                            #expect(answered.insert(ticket).inserted)
                        case .reportStatus, .askConsent:
                            break
                        }
                    }
                    if case .personChangedAccess(let status) = event { record.status = status }
                    if case .reset = event { record.status = .notDetermined }
                    if case .policyRestricted = event { record.status = .restricted }
                }
                // Granted replies match the status at the time of the answer, and limited sees granted ∪ created.
                if !machine.isAsking { #expect(machine.waitingTickets.isEmpty) }
                let scope = AccessScope(accessor: .app(testApp()), record: record, policy: .unrestricted)
                if record.status == .limited {
                    #expect(scope.visibility == .only(record.limitedIdentifiers.union(record.createdIdentifiers)))
                }
            }
        }
    }

    @Test func grantedRepliesAgreeWithTheStatus() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...239).array(of: 1...30)) { codes in
            var machine = AuthorizationStateMachine(app: testApp(), status: .notDetermined)
            for (position, code) in codes.enumerated() {
                guard case .machine(let event) = Self.step(code, position: position) else { continue }
                for action in machine.handle(event) {
                    let granted = machine.status == .authorized || machine.status == .limited
                    switch action {
                    case .reply(_, let replyGranted, let error):
                        #expect(replyGranted == granted)
                        #expect((error == nil) == granted)
                    case .proceed:
                        #expect(granted)
                    case .fail(_, let error):
                        #expect(!granted)
                        #expect(error.code == .authorizationDenied)
                    default:
                        break
                    }
                }
            }
        }
    }

    @Test func limitedVisibilityIsSharedUnionCreated() async {
        let sets = Gen.int(in: 0...15)
        await propertyCheck(count: 200, input: sets, sets) { sharedBits, createdBits in
            let shared = Set(
                Self.identifiers.indices.filter { sharedBits & (1 << $0) != 0 }.map { Self.identifiers[$0] })
            let created = Set(
                Self.identifiers.indices.filter { createdBits & (1 << $0) != 0 }.map { Self.identifiers[$0] })
            let record = AuthorizationRecord(
                bundleIdentifier: "com.example.app", status: .limited, limitedIdentifiers: shared,
                createdIdentifiers: created)
            let scope = AccessScope(accessor: .app(testApp()), record: record, policy: .unrestricted)
            #expect(scope.visibility == .only(shared.union(created)))
            for identifier in Self.identifiers {
                #expect(
                    scope.visibility.contains(identifier)
                        == (shared.contains(identifier) || created.contains(identifier)))
            }
        }
    }
}
