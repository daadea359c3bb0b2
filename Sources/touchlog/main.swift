import TouchlogCLI

await TouchlogCommand.main()
