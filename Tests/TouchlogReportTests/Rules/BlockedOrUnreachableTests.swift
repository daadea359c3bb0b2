import Foundation
import Testing

@testable import TouchlogReport

/// Issue 27, item 8: the same button and toast are one problem, one finding. A tap that landed on the obstacle is a
/// blocked tap; a covered control nobody touched is an unreachable control; when both are seen, the blocked tap
/// (the taps are the proof) is the problem, in the session and across sessions.
@Suite struct BlockedOrUnreachableTests {
    /// The form's Save with a nearly transparent toast over it.
    static func toast(_ id: String) -> String {
        #"{"id":"\#(id)","class":"App.ToastView","frame":[0,650,390,150],"alpha":0.02,"accessibilityLabel":"Saved"}"#
    }

    /// The form's snapshot at `t` with `toast` in front of Save (none when nil).
    static func snapshot(t: Double, toast: String?) -> String {
        #"{"type":"snapshot","t":\#(t),"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"form","subviews":[{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save"}\#(toast.map { "," + $0 } ?? "")]}]}]}"#
            + "\n"
    }

    static let tapThroughTheToast =
        #"{"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"toast1"}"#
        + "\n" + #"{"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}"# + "\n"

    static func findings(_ text: String) throws -> [Finding] {
        try ReportEngine.findings(
            in: try ReportSession(jsonLines: text), rules: [BlockedTapRule.self, UnreachableControlRule.self],
            scenes: false)
    }

    /// The toast appears (inserted after the first snapshot), the user taps through it, it goes, and the app shows
    /// it again: a new view (a new id) over the same button, in a later snapshot nobody tapped. Still the blocked
    /// tap's problem: one finding.
    @Test func aToastShownAgainIsTheSameProblemInTheSession() throws {
        let text =
            ExampleSessions.header + "\n" + Self.snapshot(t: 0, toast: nil)
            + #"{"type":"insert","t":0.5,"parent":"root","view":\#(Self.toast("toast1"))}"# + "\n"
            + Self.tapThroughTheToast
            + #"{"type":"remove","t":2,"view":"toast1"}"# + "\n" + Self.snapshot(t: 3, toast: Self.toast("toast2"))
        let found = try Self.findings(text)
        #expect(found.map(\.ruleID) == [BlockedTapRule.id], "\(found.map(\.explanation))")
    }

    /// One session where the user tapped through the toast, one where the toast covered Save and nobody tapped: one
    /// problem (the blocked tap's), seen in two sessions.
    @Test func acrossSessionsTheBlockedTapOwnsTheProblem() throws {
        let tapped = try Self.findings(
            ExampleSessions.header.replacingOccurrences(of: #""example""#, with: #""tapped""#) + "\n"
                + Self.snapshot(t: 0, toast: Self.toast("toast1")) + Self.tapThroughTheToast)
        let untouched = try Self.findings(
            ExampleSessions.header.replacingOccurrences(of: #""example""#, with: #""untouched""#) + "\n"
                + Self.snapshot(t: 0, toast: Self.toast("toast9")))
        #expect(tapped.map(\.ruleID) == [BlockedTapRule.id])
        #expect(untouched.map(\.ruleID) == [UnreachableControlRule.id])
        // Either order: the sessions come as they come.
        for findings in [tapped + untouched, untouched + tapped] {
            let groups = Triage.group(findings)
            #expect(groups.count == 1)
            #expect(groups.first?.ruleID == BlockedTapRule.id)
            #expect(groups.first?.sessionIDs == ["tapped", "untouched"])
            #expect(groups.first?.findingCount == 2)
            #expect(groups.first?.representative.ruleID == BlockedTapRule.id)
        }
        // A control covered by another view is another problem.
        let other = try Self.findings(
            ExampleSessions.header + "\n"
                + Self.snapshot(t: 0, toast: Self.toast("toast9").replacingOccurrences(of: "Saved", with: "Copied")))
        #expect(Triage.group(tapped + other).count == 2)
    }
}
