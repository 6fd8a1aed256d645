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

    private func fetchFriends() throws -> [CNContact] {
        let keys: [any CNKeyDescriptor] = [
            CNContactFormatter.descriptorForRequiredKeys(for: .fullName),
            CNContactPhoneNumbersKey as NSString,
            CNContact.descriptorForAllComparatorKeys(),
        ]
        if let query {
            return try store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: query), keysToFetch: keys)
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
            // TODO(#5): offer the contact access button here (share a friend matching the query) once the
            // store runs the access-button flow for apps.
            return
        }
        say("\(friends.count) friend\(friends.count == 1 ? "" : "s"):")
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
