/// `--format junit`: JUnit XML for CI test reports, in the shape Jenkins, GitLab and Buildkite chart over time.
///
/// - A `sessions` suite holds one test case per analysed session (named by its session id), failing when a problem
///   at or above `--fail-on` (warning without it) was found in it and passing otherwise, so a dashboard counts the
///   sessions checked in every run, not only the broken ones. Its output names the app, the device and, for a
///   partial recording, what ingest did not store.
/// - A suite per rule that found something holds one test case per problem: a `failure` at or above the threshold,
///   `skipped` when the baseline lists it (a known problem, not a pass), else passing with its details in
///   `system-out`. A rule that found nothing has no suite: an empty suite with `tests="0"` is what dashboards show
///   as a broken file, and the `sessions` suite already says what was checked.
/// - A `not_analysed` suite holds what the report could not check, an error whatever `--fail-on`: one test case per
///   session replay refused, and one when no session was analysed at all, so a report over nothing is never green.
///
/// A problem found in a session fails both its own test case and the session's: the two suites are two views of
/// the same run, and each suite's counts are those of its test cases, which the `testsuites` totals add up.
/// touchlog does not time its rules per session, so every `time` is 0: the attribute is there because consumers
/// require it, and a made-up duration would chart nothing true.
enum JUnitFormatter {
    /// A test case: its name, and how it ended.
    private struct TestCase {
        var name: String
        var outcome: Outcome
        /// Text for `system-out`, escaped when written; empty for none.
        var output: String = ""
    }

    private enum Outcome {
        case passed
        case failed(type: String, message: String, details: String)
        case skipped(message: String)
        case errored(type: String, message: String, details: String)
    }

    private struct Suite {
        var name: String
        var cases: [TestCase]
    }

    /// `tests="…" failures="…" errors="…" skipped="…" time="0"` of some test cases: a suite's are its own, the
    /// `testsuites` element's those of every suite, so the totals add up by construction.
    private static func counts(_ cases: [TestCase]) -> String {
        var failures = 0
        var errors = 0
        var skipped = 0
        for test in cases {
            switch test.outcome {
            case .passed: break
            case .failed: failures += 1
            case .errored: errors += 1
            case .skipped: skipped += 1
            }
        }
        return
            "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"0\""
    }

    static func format(_ report: Report) -> String {
        let suites =
            [sessionSuite(report)].compactMap { $0 } + ruleSuites(report)
            + [notAnalysedSuite(report)].compactMap { $0 }
        let x = Escape.xml
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"touchlog report\" \(counts(suites.flatMap(\.cases)))>\n"
        for suite in suites {
            out += "  <testsuite name=\"\(x(suite.name))\" \(counts(suite.cases))>\n"
            for test in suite.cases {
                out += "    <testcase classname=\"touchlog.\(x(suite.name))\" name=\"\(x(test.name))\" time=\"0\">\n"
                switch test.outcome {
                case .passed: break
                case .failed(let type, let message, let details):
                    out += "      <failure type=\"\(x(type))\" message=\"\(x(message))\">\(x(details))</failure>\n"
                case .skipped(let message):
                    out += "      <skipped message=\"\(x(message))\"/>\n"
                case .errored(let type, let message, let details):
                    out += "      <error type=\"\(x(type))\" message=\"\(x(message))\">\(x(details))</error>\n"
                }
                if !test.output.isEmpty { out += "      <system-out>\(x(test.output))</system-out>\n" }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// One test case per analysed session; nil when none was (the `not_analysed` suite says why).
    private static func sessionSuite(_ report: Report) -> Suite? {
        guard !report.sessions.isEmpty else { return nil }
        let cases = report.sessions.map { session in
            let found = report.groups.filter { $0.sessionIDs.contains(session.id) }
            let failing = found.filter(report.isFailing)
            var output = [
                "app \(session.versionDescription); device \(session.deviceDescription)"
                    + (session.source.map { "; recording: \($0)" } ?? "")
            ]
            if let gaps = session.gaps.description { output.append("partial recording: \(gaps)") }
            for group in found where !report.isFailing(group) {
                output.append("\(group.severity.rawValue): \(problemName(group))")
            }
            guard let worst = failing.first else {
                return TestCase(name: session.id, outcome: .passed, output: output.joined(separator: "\n"))
            }
            let message =
                "\(TextFormatter.plural(failing.count, "problem")) at or above \(report.failureThreshold.rawValue): "
                + failing.map(problemName).joined(separator: "; ")
            let details = failing.map { "\($0.severity.rawValue): \($0.representative.explanation)" }
            return TestCase(
                name: session.id,
                outcome: .failed(
                    type: worst.severity.rawValue, message: message, details: details.joined(separator: "\n")),
                output: output.joined(separator: "\n"))
        }
        return Suite(name: "sessions", cases: cases)
    }

    /// A suite per rule that found a problem (shown or in the baseline), in the order the rules ran.
    private static func ruleSuites(_ report: Report) -> [Suite] {
        var ruleIDs = report.rules.map(\.identifier)
        // Findings of a rule missing from the list (a report built from stored findings) still get a suite.
        for group in report.groups + report.baselined where !ruleIDs.contains(group.ruleID) {
            ruleIDs.append(group.ruleID)
        }
        return ruleIDs.compactMap { ruleID in
            var cases: [TestCase] = report.groups.filter { $0.ruleID == ruleID }.map { group in
                let first = group.representative
                let details = detailLines(group).joined(separator: "\n")
                if report.isFailing(group) {
                    return TestCase(
                        name: caseName(group),
                        outcome: .failed(type: group.severity.rawValue, message: first.explanation, details: details))
                }
                return TestCase(name: caseName(group), outcome: .passed, output: first.explanation + "\n" + details)
            }
            cases += report.baselined.filter { $0.ruleID == ruleID }.map { group in
                TestCase(
                    name: caseName(group), outcome: .skipped(message: "a known problem: the baseline lists it"),
                    output: group.representative.explanation + "\n" + detailLines(group).joined(separator: "\n"))
            }
            return cases.isEmpty ? nil : Suite(name: ruleID.rawValue, cases: cases)
        }
    }

    /// What the report could not check; nil when it checked everything it covered.
    private static func notAnalysedSuite(_ report: Report) -> Suite? {
        var cases = report.unanalysed.map { skipped in
            TestCase(
                name: skipped.session.id,
                outcome: .errored(
                    type: skipped.kind.rawValue, message: skipped.message,
                    details: "no rule judged session \(skipped.session.id)"
                        + (CoverageText.location(skipped.session).map { "; recording: \($0)" } ?? "")))
        }
        if let nothing = report.nothingAnalysed {
            let sentence = CoverageText.nothingAnalysed(nothing)
            cases.append(
                TestCase(
                    name: "sessions analysed",
                    outcome: .errored(type: nothing.identifier, message: sentence, details: sentence)))
        }
        return cases.isEmpty ? nil : Suite(name: "not_analysed", cases: cases)
    }

    /// The views' signatures (`UITextField#checkout.promoCode`), else the problem's signature.
    private static func caseName(_ group: FindingGroup) -> String {
        let name = group.representative.views.map(Signature.of(view:)).joined(separator: " + ")
        return name.isEmpty ? group.signature : name
    }

    /// `blocked_tap UIButton#wishlist.addToBag + …`: a problem as a session's test case names it.
    private static func problemName(_ group: FindingGroup) -> String { "\(group.ruleID) \(caseName(group))" }

    private static func detailLines(_ group: FindingGroup) -> [String] {
        var lines = ["severity: \(group.severity.rawValue); sessions: \(group.sessionCount)"]
        lines.append(
            "app versions: \(group.appVersions.joined(separator: ", ")); devices: \(group.devices.joined(separator: ", "))"
        )
        for view in group.representative.views { lines.append("view: \(view.pathDescription)") }
        for finding in group.findings {
            var line =
                "session \(finding.session.id) at \(NumberText.format(finding.span.start)) s, records \(NumberText.ranges(finding.records))"
            if let source = finding.session.source {
                line += " (\(source)"
                if let fileLine = finding.records.first.flatMap(finding.session.fileLine(ofSeq:)) {
                    line += ":\(fileLine)"
                }
                line += ")"
            }
            if let gaps = finding.session.gaps.description { line += "; partial recording: \(gaps)" }
            if let folded = ProblemText.folded(finding, in: group) { line += ": \(folded.rule) \(folded.words)" }
            lines.append(line)
        }
        if group.omittedFindings > 0 { lines.append("and \(group.omittedFindings) more, not listed") }
        return lines
    }
}
