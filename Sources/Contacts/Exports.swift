// `import Contacts` brings in Foundation and Apple's API (the model, formatters and vCard serialization), as
// Apple's module does, plus the few engine types our documented app-level additions return. It does not
// re-export the engine or the privacy module: acting as the person, consent and trusted agents, the access
// controls and the administrator's policy are the system's (module ContactsSystem), and an app that imports
// only Contacts cannot name them (docs/Privacy.md, "The app SDK").
@_exported import ContactsFormatting
@_exported import ContactsModel
@_exported import ContactsVCard
@_exported import Foundation

@_exported import class ContactsEngine.ChangeHistoryEvents
@_exported import struct ContactsEngine.ContactLinkReason
@_exported import class ContactsEngine.FetchedContacts
