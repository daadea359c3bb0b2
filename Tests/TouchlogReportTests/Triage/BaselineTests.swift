import Foundation
import Testing

@testable import TouchlogReport

@Suite struct BaselineTests {
    @Test func roundTripHidesEveryKnownProblem() throws {
        let full = ReportFixture.report()
        let baseline = Baseline(groups: full.groups)
        let text = baseline.serialized()
        let read = try Baseline(parsing: text, path: "known.json")
        #expect(read == baseline)
        let hidden = ReportFixture.report(baseline: read)
        #expect(hidden.groups.isEmpty)
        #expect(hidden.hiddenByBaseline == full.groups.count)
    }

    @Test func onlyListedProblemsAreHiddenAndNewOnesShow() throws {
        let partial = Baseline(groups: ReportFixture.report(filter: ReportFilter(rules: [BlockedTapRule.id])).groups)
        let report = ReportFixture.report(baseline: partial)
        #expect(!report.groups.contains { $0.ruleID == BlockedTapRule.id })
        #expect(report.groups.count == 3)
        #expect(report.hiddenByBaseline == 1)
    }

    @Test func fileIsStableSortedAndVersioned() throws {
        // Same content whatever the order problems were found in.
        let forward = Baseline(groups: Triage.group(ReportFixture.findings)).serialized()
        let backward = Baseline(groups: Triage.group(ReportFixture.findings.reversed()).reversed()).serialized()
        #expect(forward == backward)
        try expectGolden(forward, "baseline.json")
    }

    @Test func writesAndReadsAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let baseline = Baseline(groups: ReportFixture.report().groups)
        try baseline.write(to: path)
        #expect(try Baseline(contentsOf: path) == baseline)
    }

    @Test(arguments: [
        ("", "it is not JSON"),
        ("[]", "it is an array, not an object"),
        (#"{"findings":[]}"#, #"it has no "version" number"#),
        (#"{"version":2,"findings":[]}"#, "it has version 2 and this touchlog reads version 1"),
        (#"{"version":1}"#, #"it has no "findings" array"#),
        (#"{"version":1,"findings":[{"rule":"a"}]}"#, #"findings[0] needs "rule" and "signature" strings"#),
        // A misspelt rule would hide nothing, silently: it is named, with the rule it probably means.
        (
            #"{"version":1,"findings":[{"rule":"blocked_taps","signature":"blocked_taps|UIButton#pay"}]}"#,
            #"findings[0] names the rule "blocked_taps" (did you mean "blocked_tap"?), which this touchlog does not have"#
        ),
    ])
    func badFilesSayWhatIsWrongAndHowToFixIt(text: String, reason: String) {
        #expect {
            try Baseline(parsing: text, path: "known.json")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("cannot use the baseline \"known.json\": \(reason)")
                && message.hasSuffix("write a new one with `touchlog report --write-baseline known.json`")
        }
    }

    /// Each way a write fails calls for its own fix; none of them is "the same command again".
    @Test func aFailedWriteSaysWhyInTypes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = Baseline(groups: ReportFixture.report().groups)
        let missing = folder.appendingPathComponent("missing").path
        #expect(throws: ReportError.cannotWriteBaseline(path: missing + "/k.json", reason: .missingFolder(missing))) {
            try baseline.write(to: missing + "/k.json")
        }
        #expect(throws: ReportError.cannotWriteBaseline(path: folder.path, reason: .isFolder)) {
            try baseline.write(to: folder.path)
        }
        let message = ReportError.cannotWriteBaseline(path: "k.json", reason: .system("Permission denied")).description
        #expect(
            message
                == "cannot write the baseline \"k.json\": Permission denied, so nothing was written; give --write-baseline a file in a folder that exists and that you can write to"
        )
    }

    @Test func aMissingFileIsNamed() {
        #expect(
            throws: ReportError.invalidBaseline(
                path: "/nonexistent/k.json", reason: "the file does not exist or cannot be read")
        ) {
            try Baseline(contentsOf: "/nonexistent/k.json")
        }
    }
}
