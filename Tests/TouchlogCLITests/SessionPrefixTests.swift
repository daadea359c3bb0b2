import Foundation
import Testing

/// A session-id prefix in any case works wherever a session is named: show, explain, replay, report --session.
@Suite struct SessionPrefixTests {
    @Test func everyCommandTakesAPrefixInAnyCase() throws {
        let store = try FourSessions()
        #expect(try store.run(["show", "5c1e2f0a-LOGIN"]).stdout.hasPrefix("session   5C1E2F0A-login (touchlog/1)"))
        #expect(try store.run(["explain", "5c1e", "--at", "1", "--point", "50,140"]).status == 0)
        let replay = try store.run(["replay", "0b6d", "--format", "jsonl"])
        #expect(replay.status == 0 && !replay.stdout.isEmpty)
        // The report finds the session and keeps it: its filter matches ids the same way.
        let report = try store.run(["report", "--session", "0b6d"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasPrefix("touchlog report: 1 session analysed"), "\(report.stdout)")
    }

    @Test func anAmbiguousPrefixListsTheCandidatesEverywhere() throws {
        let store = try FourSessions()
        let expected = """
            touchlog: error: "7A2" matches 2 sessions; give more of the session id:
              7A20-old      2.2.0  2025-03-02T08:00:00.000Z
              7a21-undated  2.2.0  -

            """
        for command in [["show"], ["replay"], ["explain", "--at", "1", "--point", "1,1"], ["report", "--session"]] {
            let result = try store.run(command + ["7A2"])
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr == expected, "\(command)")
        }
    }
}
