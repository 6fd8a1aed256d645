import Contacts

/// The app: its authorization handling and what it prints.
struct FindMyFriends {
    /// Name words typed by the user, or nil to list every friend.
    let query: String?
    let store = CNContactStore()

    /// Runs the app and returns its exit code.
    func run() async -> Int32 {
        guard await hasAccess() else { return 1 }
        do {
            let friends = try fetchFriends()
            report(friends)
            // Under limited access, friends the person has not shared may exist: the contact access button
            // lets the person share them without the app seeing the others. Full access needs no button, and
            // it is unusable when denied or restricted (the app stopped before).
            if let query, CNContactStore.authorizationStatus(for: .contacts) == .limited {
                try await offerAccessButton(for: query)
            }
            return 0
        } catch let error as CNError where error.code == .authorizationDenied {
            // Access can be withdrawn between the check and the fetch.
            say("Find My Friends can no longer see your contacts.")
            return 1
        } catch {
            say("Find My Friends could not read your contacts (\((error as? CNError)?.code.rawValue ?? 0)).")
            return 2
        }
    }

    /// Checks the authorization status and asks when it has not been decided.
    private func hasAccess() async -> Bool {
        switch CNContactStore.authorizationStatus(for: .contacts) {
        case .authorized:
            say("Access: full.")
            return true
        case .limited:
            say("Access: limited to the friends you chose to share.")
            return true
        case .denied:
            say("Access: denied. You can allow Find My Friends to see your contacts in your privacy settings.")
            return false
        case .restricted:
            say("Access: restricted by your administrator.")
            return false
        case .notDetermined:
            say("Asking for access to your contacts...")
            do {
                let granted = try await store.requestAccess(for: .contacts)
                guard granted else {
                    say("Access was not granted.")
                    return false
                }
                return await hasAccessAfterAsking()
            } catch {
                say("Access was not granted (\((error as? CNError)?.code.rawValue ?? 0)).")
                return false
            }
        @unknown default:
            say("Access: unknown status.")
            return false
        }
    }

    /// The status after the person answered: full or limited.
    private func hasAccessAfterAsking() async -> Bool {
        let status = CNContactStore.authorizationStatus(for: .contacts)
        say(status == .limited ? "Access: limited to the friends you chose to share." : "Access: full.")
        return status == .authorized || status == .limited
    }

    /// The keys the app reads: the full name, phone numbers, and what sorting needs.
    private var keys: [any CNKeyDescriptor] {
        [
            CNContactFormatter.descriptorForRequiredKeys(for: .fullName),
            CNContactPhoneNumbersKey as NSString,
            CNContact.descriptorForAllComparatorKeys(),
        ]
    }

    /// Shows the contact access button for the typed name, then prints the friends the person shared.
    ///
    /// The system side (``SystemAccessButton``) shows the matches to the person only; the app gets the chosen
    /// identifiers and reads them through its own store, which now sees them.
    private func offerAccessButton(for query: String) async throws {
        let shared = try await SystemAccessButton(trustedAgent: SystemAccessButton.personAtTheButton())
            .run(query: query)
        guard !shared.isEmpty else {
            say("Contact access button: nothing more shared.")
            return
        }
        let predicate = CNContact.predicateForContacts(withIdentifiers: shared)
        let friends = try store.unifiedContacts(matching: predicate, keysToFetch: keys)
            .sorted { CNContact.comparator(forNameSortOrder: .userDefault)($0, $1) == .orderedAscending }
        say("Contact access button: you shared \(friends.count) more friend\(friends.count == 1 ? "" : "s"):")
        list(friends)
    }

    private func fetchFriends() throws -> [CNContact] {
        if let query {
            let predicate = CNContact.predicateForContacts(matchingName: query)
            return try store.unifiedContacts(matching: predicate, keysToFetch: keys)
                .sorted { CNContact.comparator(forNameSortOrder: .userDefault)($0, $1) == .orderedAscending }
        }
        var friends: [CNContact] = []
        let request = CNContactFetchRequest(keysToFetch: keys)
        request.sortOrder = .userDefault
        try store.enumerateContacts(with: request) { contact, _ in friends.append(contact) }
        return friends
    }

    private func report(_ friends: [CNContact]) {
        if friends.isEmpty {
            say(query == nil ? "No friends to show." : "No friend matches \"\(query ?? "")\".")
            return
        }
        say("\(friends.count) friend\(friends.count == 1 ? "" : "s"):")
        list(friends)
    }

    private func list(_ friends: [CNContact]) {
        for friend in friends {
            let name = CNContactFormatter.string(from: friend, style: .fullName) ?? friend.identifier
            let phone = friend.phoneNumbers.first?.value.stringValue
            say("  " + name + (phone.map { "  " + $0 } ?? ""))
        }
    }

    private func say(_ line: String) {
        print(line)
    }
}
