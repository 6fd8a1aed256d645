// `import Contacts` brings in Foundation and every public module of the framework, as Apple's module does.
@_exported import ContactsEngine
@_exported import ContactsFormatting
@_exported import ContactsModel
@_exported import ContactsPrivacy
@_exported import ContactsVCard
@_exported import Foundation
