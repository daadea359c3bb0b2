import Testing

@testable import TouchlogReport

/// `tap_failed_to_dismiss` names the dismiss policies that would have helped, but never one the recording already
/// has on (here on another window): that is no fix to suggest.
@Suite struct TapFailedToDismissPolicyTests {
    static func session(otherWindowPolicies: String) -> String {
        ExampleSessions.header + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"form","subviews":[{"id":"name","class":"UITextField","frame":[20,100,350,44],"accessibilityIdentifier":"form.name"}]}]},{"id":"w2","class":"UIWindow","frame":[0,0,1,1],"windowLevel":-1,"policies":["#
            + otherWindowPolicies + #"]}]}"#
            + "\n" + #"""
                {"type":"call","t":0.5,"view":"name","method":"becomeFirstResponder"}
                {"type":"touch","t":3.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2,"view":"root"}
                {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":200,"y":400,"window":"w","event":2}
                """# + "\n"
    }

    static func explanation(otherWindowPolicies: String) throws -> String {
        let findings = try ReportEngine.findings(
            in: try ReportSession(jsonLines: session(otherWindowPolicies: otherWindowPolicies)),
            rules: [TapFailedToDismissRule.self], scenes: false)
        try #require(findings.count == 1, "\(findings.map(\.explanation))")
        return findings[0].explanation
    }

    @Test func aPolicyTheRecordingHasOnIsNotSuggested() throws {
        let without = try Self.explanation(otherWindowPolicies: #""resign-on-hide""#)
        #expect(without.contains("dismiss-on-outside-touch"), "\(without)")
        let with = try Self.explanation(otherWindowPolicies: #""dismiss-on-outside-touch""#)
        #expect(!with.contains("dismiss-on-outside-touch"), "\(with)")
        #expect(with.contains("replayed with"), "\(with)")
    }
}
