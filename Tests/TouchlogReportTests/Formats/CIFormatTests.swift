import Testing
import TouchlogFormat

@testable import TouchlogReport

/// The CI formats (github, xcode, gitlab, summary) beyond their goldens: severities, locations in the recording,
/// GitHub's escaping, GitLab's shape and stable fingerprints.
@Suite struct CIFormatTests {
    /// One problem of each severity, in three sessions whose headers are on different lines of their files.
    static let bySeverity: Report = {
        let findings = [
            ReportFixture.findings[0],  // error, checkoutA (header line 1), records 16-22
            ReportFixture.findings[3],  // warning, wishlist (header line 27), records 12-13
            ReportFixture.findings[4],  // info, checkoutB (header line 1), record 5
        ]
        return Report(
            findings: findings, sessions: ReportFixture.sessions, rules: ReportFixture.rules,
            options: ReportOptions(toolVersion: "0.1.0"))
    }()

    // MARK: severities

    @Test func githubMapsErrorWarningInfoToErrorWarningNotice() {
        let commands = ReportFormat.github.render(Self.bySeverity).split(separator: "\n").dropFirst()
            .map { $0.prefix { $0 != " " } }
        #expect(commands == ["::error", "::warning", "::notice"])
    }

    @Test func xcodeMapsErrorWarningInfoToErrorWarningNote() {
        let levels = ReportFormat.xcode.render(Self.bySeverity).split(separator: "\n").map {
            $0.split(separator: ":", maxSplits: 4)[3].trimmingPrefix(" ")
        }
        #expect(levels == ["error", "warning", "note"])
    }

    @Test func gitlabMapsErrorWarningInfoToCriticalMajorInfo() throws {
        let issues = try #require(try JSONReader.parse(ReportFormat.gitlab.render(Self.bySeverity)).arrayValue)
        #expect(issues.map { $0["severity"]?.stringValue } == ["critical", "major", "info"])
        #expect(issues.map { $0["check_name"]?.stringValue } == Self.bySeverity.groups.map(\.ruleID.rawValue))
    }

    @Test func summaryNamesEachSeverity() {
        let lines = ReportFormat.summary.render(Self.bySeverity).split(separator: "\n")
        #expect(lines.map { $0.prefix(8) } == ["error   ", "warning ", "info    ", "touchlog"])
        #expect(
            lines.last == "touchlog report: 3 problems (1 error, 1 warning, 1 info), 3 findings, 3 sessions analysed")
    }

    /// Issue 27, item 9: the one-line formats name a problem's view as every other output does (``ViewName``), the
    /// label and the identifier both, not a form of their own (`UITextField#checkout.promoCode`).
    @Test func oneLineFormatsNameViewsAsEveryOutputDoes() throws {
        let github = ReportFormat.github.render(Self.bySeverity)
        let summary = ReportFormat.summary.render(Self.bySeverity)
        for group in Self.bySeverity.groups {
            let view = try #require(group.representative.views.first)
            let name = ViewName.text(
                className: view.className, accessibilityIdentifier: view.accessibilityIdentifier,
                accessibilityLabel: view.accessibilityLabel)
            #expect(github.contains("title=\(group.ruleID)%3A \(name)::"), "\(name)")
            #expect(summary.contains("  \(name)"), "\(name)")
        }
    }

    // MARK: locations

    /// The third session's header is on line 27 of its file: the blocked tap's records 12 and 13 are on lines 38
    /// and 39, not 12 and 13 (a record's `seq` is not its line).
    @Test func everyFormatPointsAtTheFileLinesOfTheCitedRecords() throws {
        let github = ReportFormat.github.render(Self.bySeverity)
        #expect(
            github.contains("::error file=sample-logs/03-hidden-promo-field-keeps-typing.jsonl,line=16,endLine=22,"))
        #expect(github.contains("::warning file=recordings/qa-0003.jsonl,line=38,endLine=39,"))
        #expect(github.contains("::notice file=recordings/qa-0002.jsonl,line=5,title="))
        let xcode = ReportFormat.xcode.render(Self.bySeverity)
        #expect(xcode.contains("\nrecordings/qa-0003.jsonl:38:1: warning: A tap on Add to Bag"))
        let issues = try #require(try JSONReader.parse(ReportFormat.gitlab.render(Self.bySeverity)).arrayValue)
        #expect(
            issues.map { $0["location"]?["path"]?.stringValue } == [
                "sample-logs/03-hidden-promo-field-keeps-typing.jsonl", "recordings/qa-0003.jsonl",
                "recordings/qa-0002.jsonl",
            ])
        #expect(issues.map { $0["location"]?["lines"]?["begin"]?.intValue } == [16, 38, 5])
    }

    /// A problem is shown at its first finding, oldest session first, whatever order the findings came in.
    @Test func aProblemPointsAtItsOldestSession() {
        let twoSessions = Report(
            findings: [ReportFixture.findings[1], ReportFixture.findings[0]], sessions: ReportFixture.sessions,
            rules: ReportFixture.rules, options: ReportOptions())
        #expect(
            ReportFormat.xcode.render(twoSessions)
                == "sample-logs/03-hidden-promo-field-keeps-typing.jsonl:16:1: error: \(ReportFixture.findings[0].explanation) [hidden_first_responder; 2 findings in 2 sessions]\n"
        )
    }

    /// An imported dump's records have no line: GitHub annotates the file, Xcode and GitLab (which need a line)
    /// point at line 1. GitHub and GitLab resolve paths against the repository, so a leading `./` goes.
    @Test func aDumpHasNoLineAndPathsLoseTheirDotSlash() throws {
        var finding = ReportFixture.findings[4]
        finding.session = SessionRef(id: "dump", source: "./dumps/view-hierarchy.json", headerLine: nil)
        let report = Report(findings: [finding], sessions: [finding.session], rules: [], options: ReportOptions())
        #expect(ReportFormat.github.render(report).contains("::notice file=dumps/view-hierarchy.json,title="))
        #expect(ReportFormat.xcode.render(report).hasPrefix("./dumps/view-hierarchy.json:1:1: note: "))
        let issue = try #require(try JSONReader.parse(ReportFormat.gitlab.render(report)).arrayValue?.first)
        #expect(issue["location"] == ["path": "dumps/view-hierarchy.json", "lines": ["begin": 1]])
    }

    // MARK: GitHub escaping

    @Test func githubEscapesMessagesAndProperties() {
        #expect(Escape.githubMessage("100% a\r\nb: c, d") == "100%25 a%0D%0Ab: c, d")
        #expect(Escape.githubProperty("100% a\r\nb: c, d") == "100%25 a%0D%0Ab%3A c%2C d")
        // `%` is escaped once, before anything else could add one: "%0A" in the text stays literal text.
        #expect(Escape.githubMessage("%0A") == "%250A")
        #expect(Escape.githubProperty("\u{1B}[31m") == "\\u{1B}[31m")
    }

    /// A label that tries to end the annotation and start a command of its own: every line of the output is still
    /// one of touchlog's, and the runner decodes the title and message back to the recording's text.
    @Test func aLabelCannotStartACommandAndRoundTrips() throws {
        let label = "50%\r\n::warning file=evil.swift::injected, a: b"
        var finding = ReportFixture.findings[3]
        finding.views[0].accessibilityLabel = label
        finding.views[0].accessibilityIdentifier = nil
        finding.explanation = "Tapped \(label)."
        let report = Report(
            findings: [finding], sessions: ReportFixture.sessions, rules: ReportFixture.rules, options: ReportOptions())
        let lines = ReportFormat.github.render(report).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[0].hasPrefix("touchlog report: "))
        let command = try #require(WorkflowCommand(String(lines[1])))
        #expect(command.name == "warning")
        #expect(command.properties["file"] == "recordings/qa-0003.jsonl")
        #expect(command.properties["title"] == "blocked_tap: UIButton \"\(label)\"")
        #expect(command.message.hasPrefix("Tapped \(label).\n1 finding in 1 session; "))
    }

    // MARK: GitLab

    /// GitLab's documented subset of the Code Climate issue (docs.gitlab.com, "Code Quality report format").
    static let codeQualitySchema: JSONValue = [
        "type": "array",
        "items": [
            "type": "object", "required": ["description", "check_name", "fingerprint", "severity", "location"],
            "additionalProperties": false,
            "properties": [
                "description": ["type": "string"], "check_name": ["type": "string"],
                "fingerprint": ["type": "string"],
                "severity": ["type": "string", "enum": ["info", "minor", "major", "critical", "blocker"]],
                "location": [
                    "type": "object", "required": ["path", "lines"], "additionalProperties": false,
                    "properties": [
                        "path": ["type": "string"],
                        "lines": [
                            "type": "object", "required": ["begin"], "additionalProperties": false,
                            "properties": ["begin": ["type": "integer"]],
                        ],
                    ],
                ],
            ],
        ],
    ]

    static let gitlabReports: [Report] = [
        ReportFixture.report(failOn: .error, unanalysed: ReportFixture.unanalysed),
        Report(
            findings: [], sessions: [], rules: ReportFixture.rules,
            options: ReportOptions(filter: ReportFilter(appVersion: "9.9.9"), storedSessions: 18)),
    ]

    @Test(arguments: gitlabReports)
    func gitlabHasTheShapeGitLabReads(report: Report) throws {
        let issues = try JSONReader.parse(ReportFormat.gitlab.render(report))
        #expect(SchemaCheck(root: Self.codeQualitySchema).problems(issues) == [])
        let list = try #require(issues.arrayValue)
        #expect(list.count == report.groups.count + report.unanalysed.count + (report.nothingAnalysed == nil ? 0 : 1))
        // GitLab shows only the first issue of a fingerprint.
        let fingerprints = list.compactMap { $0["fingerprint"]?.stringValue }
        #expect(Set(fingerprints).count == list.count)
        for issue in list {
            #expect(issue["description"]?.stringValue?.isEmpty == false)
            #expect(issue["location"]?["path"]?.stringValue?.isEmpty == false)
            #expect((issue["location"]?["lines"]?["begin"]?.intValue ?? 0) >= 1)
        }
    }

    @Test func theCodeQualityCheckerCatchesAWrongShape() {
        let wrong: JSONValue = [
            [
                "description": "x", "check_name": "y", "fingerprint": "z", "severity": "high",
                "location": ["path": "a", "lines": ["begin": "1"]],
            ]
        ]
        #expect(
            SchemaCheck(root: Self.codeQualitySchema).problems(wrong) == [
                #"$[0].severity: "high" is not one of ["info","minor","major","critical","blocker"]"#,
                "$[0].location.lines.begin: expected integer",
            ])
    }

    /// Fingerprints come from the problem's signature (the JSON and SARIF formats' fingerprint) and from the session
    /// id, never from an order: the same problems read in another order give the same file.
    @Test func gitlabFingerprintsAreTheProblemsAndDoNotDependOnOrder() throws {
        let report = ReportFixture.report(unanalysed: ReportFixture.unanalysed)
        let reversed = Report(
            findings: ReportFixture.findings.reversed(), sessions: ReportFixture.sessions.reversed(),
            unanalysed: ReportFixture.unanalysed, rules: ReportFixture.rules,
            options: ReportOptions(toolVersion: "0.1.0", storedSessions: 4))
        let text = ReportFormat.gitlab.render(report)
        #expect(ReportFormat.gitlab.render(reversed) == text)
        let issues = try #require(try JSONReader.parse(text).arrayValue)
        #expect(
            issues.prefix(report.groups.count).map { $0["fingerprint"]?.stringValue }
                == report.groups.map { Signature.fingerprint($0.signature) })
        #expect(issues.last?["check_name"] == "unanalysed_session")
        #expect(
            issues.last?["fingerprint"]?.stringValue
                == Signature.fingerprint("unanalysed_session|\(ReportFixture.headerOnly.id)"))
    }

    // MARK: readable one-line messages and findable recordings (issue 27, item 13)

    /// A label on two lines (CR LF, as a UILabel's text can hold) reads in an Xcode line as it reads on screen, one
    /// space between its words, not as Swift source; an escape sequence is still shown, never run.
    @Test func xcodeShowsALineBreakInALabelAsASpace() {
        var finding = ReportFixture.findings[3]
        finding.explanation = "A tap on Add\r\nto Bag\n\nnever reached it \u{1B}[31m."
        let report = Report(
            findings: [finding], sessions: ReportFixture.sessions, rules: ReportFixture.rules, options: ReportOptions())
        let xcode = ReportFormat.xcode.render(report)
        #expect(
            xcode
                == "recordings/qa-0003.jsonl:38:1: warning: A tap on Add to Bag never reached it \\u{1B}[31m. [blocked_tap; 1 finding in 1 session]\n"
        )
        #expect(Escape.singleLine("a\u{2028}b\tc\r") == "a b c ")
    }

    /// A Code Quality entry points at a file that may hold many sessions: its description names the session and the
    /// app version of the first occurrence, and of a session not analysed, so a reader finds the recording.
    @Test func gitlabDescriptionsNameTheSessionAndAppVersion() throws {
        let report = ReportFixture.report(unanalysed: ReportFixture.unanalysed)
        let issues = try #require(try JSONReader.parse(ReportFormat.gitlab.render(report)).arrayValue)
        let descriptions = issues.compactMap { $0["description"]?.stringValue }
        for (group, description) in zip(report.groups, descriptions) {
            let session = group.representative.session
            #expect(description.hasSuffix("; first: session \(session.id), app \(session.versionDescription))"))
        }
        #expect(
            descriptions.last?.hasPrefix(
                "Not analysed (no_snapshot; session \(ReportFixture.headerOnly.id), app 5.3.0 (5301)): ") == true)
    }

    @Test func summaryOrderDoesNotDependOnTheOrderFindingsCameIn() {
        let reversed = Report(
            findings: ReportFixture.findings.reversed(), sessions: ReportFixture.sessions.reversed(),
            unanalysed: ReportFixture.unanalysed, rules: ReportFixture.rules,
            options: ReportOptions(failOn: .error, toolVersion: "0.1.0", storedSessions: 4))
        let report = ReportFixture.report(failOn: .error, unanalysed: ReportFixture.unanalysed)
        #expect(ReportFormat.summary.render(reversed) == ReportFormat.summary.render(report))
    }
}

/// A workflow command as the GitHub runner reads it: `::NAME KEY=VALUE,KEY=VALUE::MESSAGE`, values and message
/// unescaped (actions/runner's ActionCommand).
struct WorkflowCommand {
    var name: String
    var properties: [String: String] = [:]
    var message: String

    init?(_ line: String) {
        guard line.hasPrefix("::"),
            let end = line.range(of: "::", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex)
        else { return nil }
        let head = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
        message = Self.unescape(String(line[end.upperBound...]), property: false)
        let parts = head.split(separator: " ", maxSplits: 1)
        name = String(parts[0])
        if parts.count > 1 {
            for pair in parts[1].split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                guard keyValue.count == 2 else { return nil }
                properties[String(keyValue[0])] = Self.unescape(String(keyValue[1]), property: true)
            }
        }
    }

    static func unescape(_ text: String, property: Bool) -> String {
        var out = text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
        if property {
            out = out.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
        }
        return out.replacingOccurrences(of: "%25", with: "%")
    }
}
