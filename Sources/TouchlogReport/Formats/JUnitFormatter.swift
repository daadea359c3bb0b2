/// `--format junit`: JUnit XML for CI test reports. One `testsuite` per rule that ran, one `testcase` per
/// problem; a problem at or above `--fail-on` (warning without it) is a `failure`, others pass with their
/// details in `system-out`. A rule without findings is an empty suite, so the CI shows it ran.
///
/// What the report could not check is an error, whatever `--fail-on`, in a `not_analysed` suite: one test case
/// per session replay refused, and one when no session was analysed at all, so a JUnit consumer never shows a
/// report over nothing as green.
enum JUnitFormatter {
    /// A test case that errored: what the report could not do.
    private struct ErrorCase {
        var name: String
        var type: String
        var message: String
        var details: String
    }

    private static func errorCases(_ report: Report) -> [ErrorCase] {
        var cases = report.unanalysed.map { skipped in
            ErrorCase(
                name: skipped.session.id, type: skipped.kind.rawValue, message: skipped.message,
                details: "no rule judged session \(skipped.session.id)"
                    + (CoverageText.location(skipped.session).map { "; recording: \($0)" } ?? ""))
        }
        if let nothing = report.nothingAnalysed {
            let sentence = CoverageText.nothingAnalysed(nothing)
            cases.append(
                ErrorCase(name: "sessions analysed", type: nothing.identifier, message: sentence, details: sentence))
        }
        return cases
    }

    static func format(_ report: Report) -> String {
        let x = Escape.xml
        let failures = report.groups.filter(report.isFailing).count
        let errors = errorCases(report)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"touchlog report\" tests=\"\(report.groups.count + errors.count)\" failures=\"\(failures)\" errors=\"\(errors.count)\">\n"
        var ruleIDs = report.rules.map(\.identifier)
        // Findings of a rule missing from the list (a report built from stored findings) still get a suite.
        for group in report.groups where !ruleIDs.contains(group.ruleID) { ruleIDs.append(group.ruleID) }
        for ruleID in ruleIDs {
            let groups = report.groups.filter { $0.ruleID == ruleID }
            let failing = groups.filter(report.isFailing).count
            out +=
                "  <testsuite name=\"\(x(ruleID.rawValue))\" tests=\"\(groups.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"0\">\n"
            for group in groups {
                let first = group.representative
                let name = first.views.map(Signature.of(view:)).joined(separator: " + ")
                out +=
                    "    <testcase classname=\"touchlog.\(x(ruleID.rawValue))\" name=\"\(x(name.isEmpty ? group.signature : name))\">\n"
                let details = detailLines(group).map(x).joined(separator: "\n")
                if report.isFailing(group) {
                    out += "      <failure type=\"\(group.severity.rawValue)\" message=\"\(x(first.explanation))\">"
                    out += details + "</failure>\n"
                } else {
                    out += "      <system-out>\(x(first.explanation))\n\(details)</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        if !errors.isEmpty {
            out +=
                "  <testsuite name=\"not_analysed\" tests=\"\(errors.count)\" failures=\"0\" errors=\"\(errors.count)\" skipped=\"0\">\n"
            for error in errors {
                out += "    <testcase classname=\"touchlog.not_analysed\" name=\"\(x(error.name))\">\n"
                out +=
                    "      <error type=\"\(x(error.type))\" message=\"\(x(error.message))\">\(x(error.details))</error>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

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
            lines.append(line)
        }
        if group.omittedFindings > 0 { lines.append("and \(group.omittedFindings) more, not listed") }
        return lines
    }
}
