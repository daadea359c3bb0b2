import TouchlogCLI

TouchlogCommand.main()
