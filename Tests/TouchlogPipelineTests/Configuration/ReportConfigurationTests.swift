import Foundation
import Testing
import TouchlogPipeline
import TouchlogStore

@testable import TouchlogReport

/// A ``ReportConfiguration`` through ``ReportRun`` over stored samples: which rules run, a threshold that removes a
/// sample's finding, exclusions and the command line's precedence over them, the options over the file.
@Suite struct ReportConfigurationTests {
    /// 03: keys typed into a hidden promo-code field for 7.1 s (an error of hidden_first_responder), app 5.2.0.
    static let promo = "03-hidden-promo-field-keeps-typing.jsonl"
    /// 01: taps that leave the keyboard up, app 3.8.0.
    static let login = "01-login-background-tap.jsonl"

    func store(_ names: [String]) throws -> TouchlogDatabase {
        let database = try TouchlogDatabase.inMemory()
        for name in names {
            let path = packageRoot.appendingPathComponent("sample-logs/\(name)").path
            try #require(Ingestor(database: database).ingest(IngestSource(argument: path)).succeeded)
        }
        return database
    }

    func run(
        _ configuration: ReportConfiguration, filter: ReportFilter = ReportFilter(), samples: [String] = [promo]
    ) throws -> ReportRun.Outcome {
        try ReportRun(filter: filter, configuration: configuration, toolVersion: "t").run(
            database: try store(samples), workers: 1)
    }

    func rules(_ outcome: ReportRun.Outcome) -> [RuleID] { outcome.report.groups.map(\.ruleID).sorted() }

    @Test func aMinimumHiddenTimeAboveTheSamplesStretchRemovesItsFinding() throws {
        var configuration = ReportConfiguration()
        #expect(rules(try run(configuration)).contains(HiddenFirstResponderRule.id))
        try configuration.setParameter("minimum_hidden_time", to: 7, for: HiddenFirstResponderRule.self)
        #expect(rules(try run(configuration)).contains(HiddenFirstResponderRule.id))
        try configuration.setParameter("minimum_hidden_time", to: 8, for: HiddenFirstResponderRule.self)
        #expect(!rules(try run(configuration)).contains(HiddenFirstResponderRule.id))
    }

    @Test func aConfiguredSeverityIsTheProblemsAndTheRulesSeverity() throws {
        var configuration = ReportConfiguration()
        configuration.setSeverity(.warning, for: HiddenFirstResponderRule.self)
        let report = try run(configuration).report
        let group = try #require(report.groups.first { $0.ruleID == HiddenFirstResponderRule.id })
        #expect(group.severity == .warning)
        #expect(report.rules.first { $0.identifier == HiddenFirstResponderRule.id }?.severity == .warning)
    }

    @Test func theSelectionChoosesTheRulesThatRun() throws {
        var configuration = ReportConfiguration()
        configuration.selection = .allExcept([HiddenFirstResponderRule.id])
        let without = try run(configuration).report
        #expect(!without.rules.map(\.identifier).contains(HiddenFirstResponderRule.id))
        #expect(without.rules.count == RuleRegistry.all.count - 1)
        #expect(!without.groups.map(\.ruleID).contains(HiddenFirstResponderRule.id))
        configuration.selection = .only([HiddenFirstResponderRule.id])
        let only = try run(configuration).report
        #expect(only.rules.map(\.identifier) == [HiddenFirstResponderRule.id])
        #expect(only.groups.map(\.ruleID) == [HiddenFirstResponderRule.id])
    }

    @Test func exclusionsLeaveSessionsOutAndSaySo() throws {
        var configuration = ReportConfiguration()
        configuration.excluded.appVersions = [try #require(SessionPattern("5.2.*"))]
        let outcome = try run(configuration, samples: [Self.promo, Self.login])
        #expect(outcome.report.sessions.map(\.appVersion) == ["3.8.0"])
        #expect(outcome.excludedSessions == 1)
        // Every session excluded: the report says the exclusions left nothing, not that nothing is stored.
        configuration.excluded.devices = [try #require(SessionPattern("iPhone15,*"))]
        let none = try run(configuration, samples: [Self.promo, Self.login])
        #expect(none.excludedSessions == 2)
        let why = try #require(none.report.nothingAnalysed)
        #expect(why == .filterMatchedNone(none.report.filter, stored: 2))
        #expect(
            why.description
                == "No session was analysed: the configuration's exclusions (excluded:) left none of the 2 stored sessions. touchlog report --print-config shows them; --no-config ignores the configuration file."
        )
    }

    @Test func theCommandLineWinsOverExclusions() throws {
        var configuration = ReportConfiguration()
        configuration.excluded.appVersions = [try #require(SessionPattern("5.2.0"))]
        configuration.excluded.sessions = [try #require(SessionPattern("E7A21C94*"))]
        // Named with --session: analysed whatever the exclusions say.
        let named = try run(configuration, filter: ReportFilter(sessions: ["E7A2"]))
        #expect(named.report.sessions.map(\.id) == ["E7A21C94-3D5F-4B08-9A61-0C2F8E4D7B3A"])
        #expect(named.excludedSessions == 0)
        // --app-version names the version, so the version exclusion gives way; the session exclusion does not.
        let version = try run(configuration, filter: ReportFilter(appVersion: "5.2.0"))
        #expect(version.report.sessions.isEmpty && version.excludedSessions == 1)
        configuration.excluded.sessions = []
        let versionOnly = try run(configuration, filter: ReportFilter(appVersion: "5.2.0"))
        #expect(versionOnly.report.sessions.count == 1 && versionOnly.excludedSessions == 0)
    }

    @Test func patternsAreExactOrATrailingPrefix() throws {
        let exact = try #require(SessionPattern("5.1"))
        #expect(
            exact.matches("5.1", as: .appVersions) && !exact.matches("5.10", as: .appVersions)
                && !exact.matches(nil, as: .appVersions))
        let prefix = try #require(SessionPattern("5.1.*"))
        #expect(
            prefix.matches("5.1.0", as: .appVersions) && prefix.matches("5.1.", as: .appVersions)
                && !prefix.matches("5.10", as: .appVersions))
        #expect(prefix.description == "5.1.*" && exact.description == "5.1")
        #expect(SessionPattern("") == nil && SessionPattern("*") == nil && SessionPattern("5.*.1") == nil)
        #expect(SessionPattern.problem(with: "5.*.1")?.contains("only a trailing \"*\"") == true)
    }

    /// Issue 27, item 15: `sessions: ["3f2a*"]` and `devices: [iPhone15]` left nothing out; they match as the
    /// command line does (a session id's prefix in any case; any part of the model, any case, spaces ignored).
    @Test func sessionsAndDevicesMatchAsTheCommandLineDoes() throws {
        let session = SessionRef(
            id: "3F2A9C1E-77B0-4C4A-9D52-6A7E0F3B1C11", appVersion: "5.1.0", deviceModel: "iPhone15,4",
            startedAt: nil)
        for text in ["3f2a*", "3f2a", "3F2A9C1E-77B0-4C4A-9D52-6A7E0F3B1C11"] {
            let pattern = try #require(SessionPattern(text))
            #expect(SessionExclusions(sessions: [pattern]).excludes(session), "\(text)")
        }
        for text in ["iPhone15", "iphone 15", "IPHONE15,4", "iPhone15,*"] {
            let pattern = try #require(SessionPattern(text))
            #expect(SessionExclusions(devices: [pattern]).excludes(session), "\(text)")
        }
        for (field, text) in [(SessionExclusions.Field.sessions, "3f2b"), (.devices, "iPad"), (.appVersions, "5.1.0x")]
        {
            let pattern = try #require(SessionPattern(text))
            var exclusions = SessionExclusions()
            exclusions[field] = [pattern]
            #expect(!exclusions.excludes(session), "\(text)")
            #expect(exclusions.unmatched(among: [session]).map(\.pattern) == [pattern], "\(text)")
        }
        // A version pattern stays case-sensitive and exact: 5.1 is not 5.10.
        #expect(!(try #require(SessionPattern("5.1"))).matches("5.10", as: .appVersions))
    }

    @Test func optionsOverrideTheFileAndSaySo() {
        var configuration = ReportConfiguration()
        configuration.selection = .allExcept([HitTestDivergenceRule.id])
        configuration.baseline = "/team/known.json"
        var provenance = ConfigurationProvenance(file: ".touchlog.yml")
        provenance[.ruleSelection] = .file(path: ".touchlog.yml", line: 2)
        provenance[.baseline] = .file(path: ".touchlog.yml", line: 9)

        var withRule = configuration
        var ruleProvenance = provenance
        withRule.apply(ConfigurationOverrides(rules: [HitTestDivergenceRule.id]), provenance: &ruleProvenance)
        #expect(withRule.selection == .only([HitTestDivergenceRule.id]))
        #expect(withRule.isEnabled(HitTestDivergenceRule.self) && !withRule.isEnabled(BlockedTapRule.self))
        #expect(ruleProvenance[.ruleSelection] == .option("--rule"))
        #expect(withRule.baseline == "/team/known.json" && ruleProvenance[.baseline] == provenance[.baseline])

        var withBaseline = configuration
        var baselineProvenance = provenance
        withBaseline.apply(ConfigurationOverrides(baseline: "mine.json"), provenance: &baselineProvenance)
        #expect(withBaseline.baseline == "mine.json" && baselineProvenance[.baseline] == .option("--baseline"))
        #expect(withBaseline.selection == configuration.selection)

        var writing = configuration
        var writingProvenance = provenance
        writing.apply(ConfigurationOverrides(writesBaseline: true), provenance: &writingProvenance)
        #expect(writing.baseline == nil && writingProvenance[.baseline] == .option("--write-baseline"))
    }
}
