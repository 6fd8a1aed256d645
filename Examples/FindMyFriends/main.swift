import Contacts

// The example app: it grows with the CLI issue (#8).
print(CNContactStore.authorizationStatus(for: .contacts).rawValue)
