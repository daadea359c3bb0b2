import Testing
import TouchlogFormat
import TouchlogReplay
import TouchlogReportFixtures

@testable import TouchlogReport

/// No silent passes: a session the report could not analyse, and a report that analysed nothing, are named in
/// every format and fail `--fail-on` whatever its threshold.
@Suite struct CoverageTests {
    /// The fixture's problems with the error hidden by a baseline: only warnings and info remain.
    static let errorsKnown = Baseline(entries: [
        .init(rule: HiddenFirstResponderRule.id, signature: "hidden_first_responder|UITextField#checkout.promoCode")
    ])

    @Test func anUnanalysedSessionFailsTheGateWhateverTheThreshold() {
        // Nothing at or above error remains: only the session no rule judged can fail the run.
        #expect(ReportFixture.report(baseline: Self.errorsKnown, failOn: .error).exitStatus == 0)
        let skipped = ReportFixture.report(
            baseline: Self.errorsKnown, failOn: .error, unanalysed: ReportFixture.unanalysed)
        #expect(skipped.exitStatus == 1)
        #expect(skipped.isIncomplete)
        // Without --fail-on the report informs and exits 0, as it does with problems.
        #expect(ReportFixture.report(unanalysed: ReportFixture.unanalysed).exitStatus == 0)
    }

    @Test(arguments: [Severity.warning, .error])
    func aReportOverNothingFailsTheGate(failOn: Severity) {
        let nothing = Report(
            findings: [], sessions: [], rules: ReportFixture.rules,
            options: ReportOptions(failOn: failOn, storedSessions: 0))
        #expect(nothing.exitStatus == 1)
        let without = Report(
            findings: [], sessions: [], rules: ReportFixture.rules, options: ReportOptions(storedSessions: 0))
        #expect(without.exitStatus == 0)
    }

    @Test func saysWhyNothingWasAnalysed() {
        func why(_ filter: ReportFilter, stored: Int?, unanalysed: [UnanalysedSession] = []) -> NothingAnalysed? {
            Report(
                findings: [], sessions: [], unanalysed: unanalysed, rules: [],
                options: ReportOptions(filter: filter, storedSessions: stored)
            ).nothingAnalysed
        }
        let version = ReportFilter(appVersion: "9.9.9")
        #expect(why(ReportFilter(), stored: 0) == .noSessionStored)
        // A filter over an empty store: the store is the problem, not the filter.
        #expect(why(version, stored: 0) == .noSessionStored)
        #expect(why(version, stored: 18) == .filterMatchedNone(version, stored: 18))
        // --rule and --min-severity choose findings, not sessions.
        #expect(why(ReportFilter(rules: [BlockedTapRule.id]), stored: 18) == .noSessionStored)
        #expect(why(version, stored: 18, unanalysed: ReportFixture.unanalysed) == .noneAnalysable(1))
        #expect(ReportFixture.report().nothingAnalysed == nil)
    }

    @Test func theSentenceNamesTheFilterAndTheStoredSessions() throws {
        let filter = ReportFilter(sessions: ["3F2A"], appVersion: "9.9.9", since: try Timestamp(parsing: "2030-01-01"))
        #expect(
            NothingAnalysed.filterMatchedNone(filter, stored: 18).description
                == #"No session was analysed: --session "3F2A" and --app-version "9.9.9" and --since "2030-01-01" matched none of the 18 stored sessions. touchlog sessions lists what is stored."#
        )
        #expect(
            NothingAnalysed.noSessionStored.description
                == "No session was analysed: no session is stored. Ingest recordings first (touchlog ingest FILE).")
        #expect(
            NothingAnalysed.noneAnalysable(1).description
                == "No session was analysed: the only session covered could not be replayed; each is named with the reason."
        )
        #expect(
            NothingAnalysed.noneAnalysable(2).description
                == "No session was analysed: none of the 2 sessions covered could be replayed; each is named with the reason."
        )
    }

    /// `touchlog report --app-version 9.9.9` over a store of 18 sessions, in every format.
    @Test(arguments: ReportFormat.allCases)
    func aReportOverNothingSaysSoInsteadOfNoProblemsFound(format: ReportFormat) throws {
        let report = Report(
            findings: [], sessions: [], rules: ReportFixture.rules,
            options: ReportOptions(
                filter: ReportFilter(appVersion: "9.9.9"), failOn: .error, toolVersion: "0.1.0", storedSessions: 18))
        let output = format.render(report)
        #expect(!output.contains("No problems found"))
        let sentence = #"No session was analysed: --app-version "9.9.9" matched none of the 18 stored sessions."#
        switch format {
        case .text:
            #expect(
                output.contains("\n\(sentence) touchlog sessions lists what is stored.\nThat fails --fail-on error.\n"))
        case .markdown:
            #expect(output.contains("**\(sentence) touchlog sessions lists what is stored.**"))
        case .html:
            #expect(output.contains("<p class=\"nothing\">\(sentence.replacingOccurrences(of: "\"", with: "&quot;"))"))
        case .json:
            let json = try JSONReader.parse(output)
            #expect(json["summary"]?["sessions"]?.intValue == 0)
            #expect(json["summary"]?["unanalysed"]?.intValue == 0)
            #expect(json["summary"]?["storedSessions"]?.intValue == 18)
            #expect(json["exitStatus"]?.intValue == 1)
        case .junit:
            #expect(
                output.contains(
                    #"<testsuites name="touchlog report" tests="1" failures="0" errors="1" skipped="0" time="0">"#))
            #expect(
                output.contains(#"<testcase classname="touchlog.not_analysed" name="sessions analysed" time="0">"#))
            #expect(output.contains(#"<error type="filter_matched_none" message="No session was analysed: "#))
        case .sarif:
            let run = try #require(try JSONReader.parse(output)["runs"]?.arrayValue?.first)
            let notes = run["invocations"]?.arrayValue?.first?["toolExecutionNotifications"]?.arrayValue ?? []
            #expect(notes.count == 1)
            #expect(notes.first?["level"]?.stringValue == "error")
            #expect(notes.first?["descriptor"]?["id"]?.stringValue == "nothing_analysed")
            #expect(notes.first?["properties"]?["kind"]?.stringValue == "filter_matched_none")
            #expect(notes.first?["message"]?["text"]?.stringValue?.hasPrefix(sentence) == true)
        case .github:
            let escaped = sentence.replacingOccurrences(of: "%", with: "%25")
            #expect(
                output.contains(
                    "\n::error title=touchlog%3A no session analysed::\(escaped) touchlog sessions lists what is stored.%0AThat fails --fail-on error.\n"
                ))
        case .xcode:
            #expect(output == "touchlog: error: \(sentence) touchlog sessions lists what is stored.\n")
        case .gitlab:
            let issues = try #require(try JSONReader.parse(output).arrayValue)
            #expect(issues.count == 1)
            #expect(issues.first?["check_name"]?.stringValue == "nothing_analysed")
            #expect(issues.first?["severity"]?.stringValue == "critical")
            #expect(issues.first?["description"]?.stringValue?.hasPrefix(sentence) == true)
            #expect(issues.first?["location"] == ["path": ".gitlab-ci.yml", "lines": ["begin": 1]])
        case .summary:
            #expect(
                output == "\(sentence) touchlog sessions lists what is stored.\n"
                    + "touchlog report: 0 problems (0 errors, 0 warnings, 0 info), 0 findings, 0 sessions analysed; fails --fail-on error\n"
            )
        }
    }

    /// What each format's readers look for: a list a person reads, an array, an errored test case, a tool
    /// execution notification at the recording.
    @Test(arguments: ReportFormat.allCases)
    func everyFormatNamesTheSessionItCouldNotAnalyse(format: ReportFormat) throws {
        let report = ReportFixture.report(failOn: .warning, unanalysed: ReportFixture.unanalysed)
        let output = format.render(report)
        let id = ReportFixture.headerOnly.id
        switch format {
        case .text:
            #expect(
                output.hasPrefix(
                    "touchlog report: 3 sessions analysed with 4 rules, 4 problems (6 findings); 1 session not analysed\n"
                ))
            #expect(output.contains("\nnot analysed no_snapshot  \(id)\n  session \"\(id)\" has no snapshot"))
            #expect(output.contains("  recording: recordings/qa-0004.jsonl:1\n  fails --fail-on warning\n"))
        case .markdown:
            #expect(output.contains("**1 session not analysed** (listed at the end)"))
            #expect(output.contains("\n## Not analysed\n"))
            #expect(
                output.contains(
                    "| \(id) | recordings/qa-0004.jsonl:1 | `no_snapshot` | session \"\(id)\" has no snapshot"))
        case .html:
            #expect(output.contains("<a href=\"#not-analysed\"><strong>1 session not analysed</strong></a>"))
            #expect(output.contains("<section class=\"unanalysed\" id=\"not-analysed\">\n<h2>Not analysed</h2>"))
            #expect(output.contains("<td>\(id)</td>"))
        case .json:
            let json = try JSONReader.parse(output)
            #expect(json["summary"]?["sessions"]?.intValue == 3)
            #expect(json["summary"]?["unanalysed"]?.intValue == 1)
            let skipped = try #require(json["unanalysed"]?.arrayValue?.first)
            #expect(skipped["session"]?["id"]?.stringValue == id)
            #expect(skipped["session"]?["source"]?.stringValue == "recordings/qa-0004.jsonl")
            #expect(skipped["kind"]?.stringValue == "no_snapshot")
            #expect(skipped["reason"]?.stringValue == ReplayError.noSnapshot(session: id).description)
            #expect(!(json["sessions"]?.arrayValue ?? []).contains { $0["id"]?.stringValue == id })
        case .junit:
            // 3 sessions (each with a problem at or above warning), 4 problems (3 failing), 1 session not analysed.
            #expect(output.contains(#"tests="8" failures="6" errors="1" skipped="0" time="0">"#))
            #expect(
                output.contains(
                    #"<testsuite name="not_analysed" tests="1" failures="0" errors="1" skipped="0" time="0">"#
                        + "\n" + #"    <testcase classname="touchlog.not_analysed" name="\#(id)" time="0">"#
                        + "\n" + #"      <error type="no_snapshot" message="session &quot;\#(id)&quot; has no snapshot"#
                ))
        case .sarif:
            let run = try #require(try JSONReader.parse(output)["runs"]?.arrayValue?.first)
            let invocation = try #require(run["invocations"]?.arrayValue?.first)
            #expect(invocation["executionSuccessful"] == .bool(true))
            let note = try #require(invocation["toolExecutionNotifications"]?.arrayValue?.first)
            #expect(note["level"]?.stringValue == "error")
            let descriptors = run["tool"]?["driver"]?["notifications"]?.arrayValue ?? []
            let index = try #require(note["descriptor"]?["index"]?.intValue)
            #expect(descriptors[index]["id"] == note["descriptor"]?["id"])
            #expect(note["descriptor"]?["id"]?.stringValue == "unanalysed_session")
            let location = note["locations"]?.arrayValue?.first?["physicalLocation"]
            #expect(location?["artifactLocation"]?["uri"]?.stringValue == "recordings/qa-0004.jsonl")
            #expect(location?["region"]?["startLine"]?.intValue == 1)
            #expect(note["properties"]?["kind"]?.stringValue == "no_snapshot")
            #expect(note["properties"]?["session"]?.stringValue == id)
        case .github:
            // First, so that GitHub's cap on annotations per step never drops it.
            let lines = output.split(separator: "\n")
            #expect(
                lines[1].hasPrefix(
                    "::error file=recordings/qa-0004.jsonl,line=1,title=not analysed%3A no_snapshot::session \"\(id)\" has no snapshot"
                ))
            #expect(lines[1].hasSuffix("%0ANo rule judged session \(id).%0AThat fails --fail-on warning."))
        case .xcode:
            #expect(
                output.hasSuffix(
                    "\nrecordings/qa-0004.jsonl:1:1: error: not analysed (no_snapshot): \(ReplayError.noSnapshot(session: id))\n"
                ))
        case .gitlab:
            let issue = try #require(try JSONReader.parse(output).arrayValue?.last)
            #expect(issue["check_name"]?.stringValue == "unanalysed_session")
            #expect(issue["severity"]?.stringValue == "critical")
            #expect(
                issue["description"]?.stringValue
                    == "Not analysed (no_snapshot; session \(id), app 5.3.0 (5301)): \(ReplayError.noSnapshot(session: id))"
            )
            #expect(issue["location"] == ["path": "recordings/qa-0004.jsonl", "lines": ["begin": 1]])
        case .summary:
            #expect(output.contains("\nnot analysed no_snapshot  \(id) (recordings/qa-0004.jsonl:1)\n"))
            #expect(output.hasSuffix("3 sessions analysed; 1 session not analysed; fails --fail-on warning\n"))
        }
    }

    /// The engine keeps a session replay refuses out of the sessions analysed, with replay's typed error.
    @Test func theEngineListsASessionWithoutASnapshotAsUnanalysed() throws {
        var engine = try ReportEngine(rules: [FixtureHiddenFieldRule.self])
        try engine.analyze(try ReportSession(jsonLines: FixtureSessions.hiddenThenTyped))
        try engine.analyze(
            try ReportSession(
                jsonLines: #"{"type":"session","format":"touchlog/1","session":"header-only"}"# + "\n",
                source: "header-only.jsonl"))
        let report = engine.report(ReportOptions(failOn: .error))
        #expect(report.sessions.map(\.id) == ["example-1"])
        #expect(
            report.unanalysed == [
                UnanalysedSession(
                    session: SessionRef(id: "header-only", source: "header-only.jsonl", headerLine: 1),
                    reason: .noSnapshot(session: "header-only"))
            ])
        #expect(report.unanalysed.first?.kind == .noSnapshot)
        #expect(report.exitStatus == 1)
    }
}
