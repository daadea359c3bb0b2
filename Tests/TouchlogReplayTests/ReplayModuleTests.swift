import Testing
@testable import TouchlogReplay

@Suite struct ReplayModuleTests {
    @Test func moduleLinks() { #expect(String(describing: TouchlogReplayInfo.self) == "TouchlogReplayInfo") }
}
