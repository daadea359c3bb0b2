import Foundation
import Testing

@testable import TouchlogCLI

/// `touchlog report` and its configuration through the binary: which file it finds (walking up, `--config`,
/// `--no-config`, none), the options over the file, a bad file's exit status, `--print-config`.
@Suite struct ConfigurationCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }

    init() throws {
        // 03 (hidden_first_responder, tap_failed_to_dismiss; app 5.2.0) and 10 (blocked_tap; app 3.8.1).
        let samples = ["03-hidden-promo-field-keeps-typing.jsonl", "10-disabled-continue-button.jsonl"]
        let paths = samples.map { Touchlog.packageRoot.appendingPathComponent("sample-logs/\($0)").path }
        let result = Touchlog.call(["ingest", "--db", folder.path("t.sqlite")] + paths)
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// A folder inside the temporary one (created), as a URL to run in.
    func subfolder(_ path: String) throws -> URL {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: folder.url.appendingPathComponent(path))
    }

    /// The ids of the rules a JSON report says ran.
    func rulesRun(_ result: Touchlog.Result) throws -> [String] {
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rules = try #require(json["rules"] as? [[String: Any]])
        return rules.compactMap { $0["id"] as? String }
    }

    func report(_ arguments: [String], in cwd: URL) throws -> Touchlog.Result {
        try Touchlog.run(["report", "--db", db, "--format", "json"] + arguments, cwd: cwd)
    }

    @Test func theFileIsFoundByWalkingUpAndNamedOnStandardError() throws {
        try write("only_rules: [blocked_tap]\n", to: ".touchlog.yml")
        let deep = try subfolder("project/Sources/App")
        let result = try report([], in: deep)
        #expect(try rulesRun(result) == ["blocked_tap"])
        let expected = folder.url.appendingPathComponent(".touchlog.yml").standardizedFileURL.path
        #expect(result.stderr.contains("touchlog: configuration: \(expected)\n"))
    }

    @Test func theNearestFileWins() throws {
        try write("only_rules: [blocked_tap]\n", to: ".touchlog.yml")
        _ = try subfolder("project")
        try write("only_rules: [unhandled_action]\n", to: "project/.touchlog.yml")
        #expect(try rulesRun(report([], in: try subfolder("project/Sources"))) == ["unhandled_action"])
    }

    @Test func configUsesThatFileAndNoOther() throws {
        try write("only_rules: [blocked_tap]\n", to: ".touchlog.yml")
        try write("only_rules: [unhandled_action]\n", to: "ci.yml")
        let result = try report(["--config", folder.path("ci.yml")], in: folder.url)
        #expect(try rulesRun(result) == ["unhandled_action"])
        #expect(result.stderr.contains("touchlog: configuration: \(folder.path("ci.yml"))\n"))
    }

    @Test func noConfigIgnoresTheFileFound() throws {
        try write("only_rules: [blocked_tap]\n", to: ".touchlog.yml")
        let result = try report(["--no-config"], in: folder.url)
        #expect(try rulesRun(result).count == 13)
        #expect(!result.stderr.contains("configuration"))
    }

    @Test func withoutAFileTheDefaultsRunSilently() throws {
        let result = try report([], in: try subfolder("empty"))
        #expect(try rulesRun(result).count == 13)
        #expect(!result.stderr.contains("configuration"))
    }

    @Test func optionsWinOverTheFile() throws {
        try write(
            "disabled_rules: [hidden_first_responder]\nbaseline: missing-baseline.json\n", to: ".touchlog.yml")
        // --rule runs a rule the file turned off; --write-baseline reads no baseline, so the missing one is fine.
        let baseline = folder.path("new.json")
        let result = try report(["--rule", "hidden_first_responder", "--write-baseline", baseline], in: folder.url)
        #expect(try rulesRun(result) == ["hidden_first_responder"])
        // Without the options, the file's baseline is read (from the file's folder), and it does not exist.
        let fromFile = try report([], in: try subfolder("elsewhere/below"))
        #expect(fromFile.status == 2)
        #expect(fromFile.stderr.contains(folder.url.appendingPathComponent("missing-baseline.json").path))
        // --baseline replaces the file's.
        #expect(try report(["--baseline", baseline], in: folder.url).status == 0)
    }

    @Test func aBadFileStopsTheReportAtItsLine() throws {
        try write("hidden_first_responder:\n  minimum_hidden_time: -1\n", to: ".touchlog.yml")
        let result = try report([], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let file = folder.url.appendingPathComponent(".touchlog.yml").standardizedFileURL.path
        #expect(
            result.stderr
                == "\(file):2:24: error: hidden_first_responder.minimum_hidden_time: a duration cannot be negative (-1 seconds)\n    hint: use a number in seconds, as `minimum_hidden_time: 0` (the default)\n"
        )
        // --no-config is the way around it.
        #expect(try report(["--no-config"], in: folder.url).status == 0)
    }

    @Test func aThresholdFromTheFileChangesTheFindings() throws {
        let withFinding = try report(["--rule", "hidden_first_responder"], in: folder.url)
        #expect(withFinding.stdout.contains("\"rule\": \"hidden_first_responder\""))
        try write("hidden_first_responder: {minimum_hidden_time: 8}\n", to: ".touchlog.yml")
        let without = try report(["--rule", "hidden_first_responder"], in: folder.url)
        #expect(without.status == 0)
        #expect(!without.stdout.contains("\"rule\": \"hidden_first_responder\""))
    }

    @Test func excludedSessionsAreLeftOutAndCounted() throws {
        try write("excluded:\n  app_versions: [\"5.2.*\"]\n", to: ".touchlog.yml")
        let result = try report([], in: folder.url)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("E7A21C94"))
        #expect(result.stderr.contains("touchlog: 1 session left out by the configuration's excluded:"))
        // Named on the command line, it is analysed.
        let named = try report(["--session", "E7A2"], in: folder.url)
        #expect(named.stdout.contains("E7A21C94"))
    }

    /// Issue 27, item 15: session ids match as a prefix in any case, devices as any part of the model in any case
    /// with spaces ignored, as the command line matches them; a pattern that matches nothing is warned about.
    @Test func sessionAndDeviceExclusionsMatchAsTheCommandLineAndMissesAreSaid() throws {
        try write("excluded:\n  sessions: [\"e7a2*\"]\n  devices: [\"iphone 15\", iPad]\n", to: ".touchlog.yml")
        let result = try report([], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("E7A21C94"))
        #expect(result.stderr.contains("touchlog: 2 sessions left out by the configuration's excluded:"))
        #expect(
            result.stderr.contains(
                "touchlog: warning: the configuration's excluded: devices: \"iPad\" matched no stored session; check it against `touchlog sessions` (a device matches any part of the model, ignoring case and spaces)\n"
            ))
        #expect(!result.stderr.contains("\"e7a2*\" matched no"))
        #expect(!result.stderr.contains("\"iphone 15\" matched no"))
    }

    @Test func printConfigPrintsYAMLThatReadsBackWithoutADatabase() throws {
        try write("hidden_first_responder:\n  severity: error\n  minimum_hidden_time: 0.5\n", to: ".touchlog.yml")
        let printed = try Touchlog.run(
            ["report", "--db", folder.path("none.sqlite"), "--print-config", "--rule", "hidden_first_responder"],
            cwd: folder.url)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("  minimum_hidden_time: 0.5 # seconds; "))
        #expect(printed.stdout.contains("only_rules: # --rule\n  - hidden_first_responder\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("none.sqlite")))
        // Saved as a file and printed again from it, the values are the same.
        try write(printed.stdout, to: "saved.yml")
        let again = try Touchlog.run(
            ["report", "--print-config", "--config", folder.path("saved.yml")], cwd: try subfolder("other"))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(ConfigurationFileTests.values(again.stdout) == ConfigurationFileTests.values(printed.stdout))
    }

    @Test(arguments: [
        ["--config", "x.yml", "--no-config"], ["--print-config", "--fail-on", "error"],
        ["--print-config", "--list-rules"], ["--list-rules", "--no-config"],
    ])
    func conflictingOptionsAreRefused(arguments: [String]) throws {
        // Refused as the arguments are parsed: in this process, as the binary would.
        let result = Touchlog.call(["report", "--db", db] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
    }

    /// report and worker share the configuration options, and the check that refuses both at once.
    @Test(arguments: ["report", "worker"])
    func configAndNoConfigTogetherAreRefused(command: String) throws {
        let result = Touchlog.call([command, "--db", db, "--config", "x.yml", "--no-config"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("Use just one of --config or --no-config."))
    }
}
