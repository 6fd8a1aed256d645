import ContactsCLI

ContactsCommand.main()
