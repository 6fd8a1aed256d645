// The system side of the framework, for the person's tools, the future daemon and tests: everything of
// `import Contacts`, the privacy module (agents, identities, policy, flows) and the engine (the store
// configuration that chooses who a store acts for, and the inspection tools). Apps import Contacts only.
@_exported import Contacts
@_exported import ContactsEngine
@_exported import ContactsPrivacy
