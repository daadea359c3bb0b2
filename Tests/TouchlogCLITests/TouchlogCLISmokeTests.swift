import ArgumentParser
import Testing
@testable import TouchlogCLI

@Suite struct TouchlogCommandTests {
    @Test func rejectsAnUnknownSubcommand() {
        #expect(throws: (any Error).self) { try TouchlogCommand.parseAsRoot(["no-such-command"]) }
    }
}
