// Find My Friends: the example app of the README. It is written as an app on Apple platforms would be,
// against the Contacts API only: it checks its authorization, asks for access when it has not been
// decided, handles every status, and prints the friends it may see.
//
//   FindMyFriends            list every friend the app may see
//   FindMyFriends NAME...    find friends by name
//   FindMyFriends --web-button NAME...    print the contact access button's frame for a web page (daemon mode)
//
// The app is identified by the Info.plist next to it, or the one CONTACTS_APP_INFO_PLIST names; the
// person answers the consent prompt (CONTACTS_CONSENT=deny|full|limited|limited:ID,... on machines
// without a terminal). With a name and limited access, the app offers the contact access button; the person
// at the button is asked on the terminal, or scripted by CONTACTS_ACCESS_BUTTON=tap|tap:ID,...|unverified|ignore
// (see EnvironmentTrustedAgent.swift; unset without a terminal means the person does not tap).
//
// Exit codes: 0 friends printed (or none found), 1 no access, 2 store error.
import Contacts

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--web-button" {
    exit(WebButton(query: arguments.dropFirst().joined(separator: " ")).run())
}
let query = arguments.joined(separator: " ")
let app = FindMyFriends(query: query.isEmpty ? nil : query)
exit(await app.run())
