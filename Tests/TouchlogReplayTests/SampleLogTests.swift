import Foundation
import Testing
import TouchlogFormat
import TouchlogStore

@testable import TouchlogReplay

/// Every sample log, end to end: ingest, replay, and the jsonl trace against Golden/<sample>.trace.jsonl. The story
/// tests read the traces against sample-logs/README.md.
@Suite struct SampleLogTests {
    @Test(arguments: Samples.names)
    func traceMatchesGolden(sample: String) throws {
        let database = try Samples.database(sample)
        try expectGolden(try Samples.trace(database), "\(sample).trace.jsonl")
    }

    /// The direct trace writer writes exactly the JSON tree of the trace line, serialized by the project's writer.
    @Test(arguments: Samples.names)
    func directTraceLinesEqualTheirJSONTree(sample: String) throws {
        let database = try Samples.database(sample)
        for info in try database.sessions() {
            try SessionReplay.replay(database.records(of: info), session: info.key) { line in
                #expect(TraceWriter.line(line) == TraceWriter.object(line).serialized())
                guard case .object(var o) = TraceWriter.object(line) else { return }
                o["session"] = "S"
                #expect(TraceWriter.line(line, session: "S") == JSONValue.object(o).serialized())
            }
        }
    }

    /// The counting-only mode (the benchmark's replay) finds exactly the divergences the trace shows.
    @Test(arguments: Samples.names)
    func countingModeAgreesWithTheTrace(sample: String) throws {
        let database = try Samples.database(sample)
        for info in try database.sessions() {
            var traced = 0
            var lines = 0
            let records = database.records(of: info)
            let full = try SessionReplay.replay(records, session: info.key, detail: .trace) {
                traced += $0.divergences.count
                lines += 1
            }
            let counted = try SessionReplay.replay(records, session: info.key, detail: .divergences) { _ in
                Issue.record("no lines expected")
            }
            #expect(counted.divergenceCount == traced && full.divergenceCount == traced)
            #expect(counted.lineCount == lines)
        }
    }

    @Test func everySampleHasAGolden() {
        #expect(Samples.names.count == 15)
    }

    @Test(arguments: Samples.names)
    func replayIsDeterministic(sample: String) throws {
        let first = try Samples.trace(try Samples.database(sample))
        let second = try Samples.trace(try Samples.database(sample))
        #expect(first == second)
        #expect(!first.isEmpty)
    }

    @Test func story01_backgroundTapsLeaveTheKeyboardUp() throws {
        let lines = try Samples.lines(try Samples.database("01-login-background-tap"))[0]
        let taps = lines.filter { $0.touchPhase == "began" }.dropFirst()
        #expect(taps.count == 2)
        for tap in taps {
            #expect(tap.step.view == "loginRoot")
            #expect(tap.step.firstResponder == "emailField")
            #expect(tap.step.keyboardVisible)
        }
        #expect(lines.allSatisfy { $0.divergences.isEmpty })
    }

    @Test func story02_dismissingWindowResignsAtTouchDown() throws {
        let sessions = try Samples.lines(try Samples.database("02-login-dismissing-window"))
        let background = sessions[0].filter { $0.touchPhase == "began" }[1]
        #expect(background.step.firstResponder == nil)
        #expect(!background.step.keyboardVisible)
        #expect(background.step.policyEffects.map(\.policy) == ["dismiss-on-outside-touch"])
        // Session 2: the Sign In tap dismisses at touch-down and the action still fires at touch-up.
        let signIn = sessions[1].filter { $0.step.actions.contains { $0.action == "signInTapped:" } }
        #expect(signIn.count == 1)
        #expect(sessions.joined().allSatisfy { $0.divergences.isEmpty })
    }

    @Test func story03_hiddenFieldKeepsReceivingKeys() throws {
        let lines = try Samples.lines(try Samples.database("03-hidden-promo-field-keeps-typing"))[0]
        let hiddenKeys = lines.filter { $0.step.keyInputReceiverHidden }
        #expect(hiddenKeys.count == 4)
        #expect(
            hiddenKeys.allSatisfy { $0.step.keyInputReceiver == "promoField" && $0.step.firstResponder == "promoField" }
        )
    }

    @Test func story05_hitTestOverrideIsADivergence() throws {
        let lines = try Samples.lines(try Samples.database("05-reaction-bar-hit-test-override"))[0]
        let kinds = lines.flatMap(\.divergences).map(\.kind)
        #expect(kinds == [.hitView, .sent])
        // Trusting the recorded view, the reaction bar gets the tap and its action matches the recording.
        let trusted = try Samples.lines(
            try Samples.database("05-reaction-bar-hit-test-override"), options: ReplayOptions(trust: .observed))[0]
        #expect(trusted.flatMap(\.divergences).map(\.kind) == [.hitView])
        #expect(trusted.first { $0.touchPhase == "began" }?.step.view == "reactionBar")
    }

    @Test func story07_recognizerSwallowsTheRowTap() throws {
        let lines = try Samples.lines(try Samples.database("07-tap-recognizer-swallows-row-tap"))[0]
        // Both row taps lose their touch to the table's dismissTap recognizer (the row is never selected).
        let swallowed = lines.flatMap { $0.step.cancellations }.filter { $0.cause == "dismissTap" }
        #expect(swallowed.count == 2)
        #expect(lines.contains { $0.step.actions.contains { $0.action == "callContact:" } })
    }

    @Test func story08_restingFingerOnTheFieldPreventsDismissal() throws {
        let lines = try Samples.lines(try Samples.database("08-two-fingers-resting-on-field"))[0]
        let event2 = lines.filter {
            if case .touch(let r) = $0.record { return r.event == 2 }
            return false
        }
        #expect(!event2.isEmpty)
        #expect(event2.allSatisfy { $0.step.firstResponder == "emailField" && $0.step.keyboardVisible })
        #expect(event2.allSatisfy { $0.step.policyEffects.allSatisfy { $0.outcome != "resigned" } })
        // The later one-finger tap does dismiss.
        #expect(lines.contains { $0.step.policyEffects.contains { $0.outcome == "resigned" } })
    }

    @Test func story09_transparentToastBlocksAddToBagInSessionOneOnly() throws {
        let sessions = try Samples.lines(try Samples.database("09-transparent-toast-blocks-add-to-bag"))
        // The four taps after the toast appeared go to it (blocked_tap's report golden says why).
        let began = sessions[0].filter { $0.touchPhase == "began" }.dropFirst()
        #expect(began.count == 4 && began.allSatisfy { $0.step.hitTestView == "toastView" })
        #expect(sessions[1].contains { $0.step.actions.contains { $0.action == "addToBag:" } })
        #expect(!sessions[0].contains { $0.step.actions.contains { $0.action == "addToBag:" } })
    }

    @Test func story10_disabledButtonIsBlockedUntilEnabled() throws {
        let lines = try Samples.lines(try Samples.database("10-disabled-continue-button"))[0]
        #expect(lines.contains { $0.step.actions.contains { $0.action == "continueTapped:" } })
    }

    @Test func story06_nilTargetedActionReachesTheApplication() throws {
        let lines = try Samples.lines(try Samples.database("06-nil-target-action-reaches-application"))[0]
        let report = lines.flatMap(\.step.actions).first { $0.action == "reportProblem:" }
        #expect(report?.target == "0x104f0cd80#1")  // the TrackingApplication, as the recording's `sent` says
        #expect(lines.allSatisfy { $0.divergences.isEmpty })
    }
}
