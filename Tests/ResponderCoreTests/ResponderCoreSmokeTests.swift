import Testing
@testable import ResponderCore

@Suite struct ResponderCoreInfoTests {
    @Test func modelVersionIsPositive() { #expect(ResponderCoreInfo.modelVersion > 0) }
}
