import Testing
@testable import TouchlogStore

@Suite struct TouchlogStoreLinkTests {
    @Test func moduleLinks() { #expect(String(describing: TouchlogStoreInfo.self) == "TouchlogStoreInfo") }
}
