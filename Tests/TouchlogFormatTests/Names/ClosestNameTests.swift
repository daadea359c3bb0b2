import Testing

@testable import TouchlogFormat

/// "Did you mean": the name meant, or none when nothing is close.
@Suite struct ClosestNameTests {
    static let commands = ["ingest", "sessions", "show", "replay", "explain", "report", "delete", "prune", "vacuum"]

    @Test(arguments: [
        ("sesions", "sessions"), ("ingst", "ingest"), ("rpeort", "report"), ("SHOW", "show"), ("del", "delete"),
        ("vaccum", "vacuum"), ("explian", "explain"),
    ])
    func suggestsTheNameMeant(typed: String, meant: String) {
        #expect(ClosestName.to(typed, among: Self.commands) == meant)
    }

    @Test(arguments: ["frobnicate", "x", "", "re", "sessionsandmore"])
    func suggestsNothingWhenNothingIsClose(typed: String) {
        #expect(ClosestName.to(typed, among: Self.commands) == nil)
    }

    @Test func rulesAndPolicies() {
        let rules = ["hidden_first_responder", "blocked_tap", "swallowed_tap", "unhandled_action"]
        #expect(ClosestName.to("hidden-first-responder", among: rules) == "hidden_first_responder")
        #expect(ClosestName.to("swalowed_tap", among: rules) == "swallowed_tap")
        let policies = ["dismiss-on-outside-touch", "resign-on-touch-outside", "resign-on-hide"]
        #expect(ClosestName.to("dismiss-on-outside-tap", among: policies) == "dismiss-on-outside-touch")
        #expect(ClosestName.to("resign-on-touch", among: policies) == "resign-on-touch-outside")
    }

    @Test func aSwapOfNeighboursIsOneEdit() {
        #expect(ClosestName.editDistance(Array("hidden"), Array("hdiden")) == 1)
        #expect(ClosestName.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(ClosestName.editDistance(Array(""), Array("abc")) == 3)
    }
}
