import Foundation
import Testing
import TouchlogFormat

/// The CI formats' paths resolve wherever the report runs (issue 27, item 12): ingest stores each recording's
/// absolute path beside the path it was given, and `report` prints it relative to `--base-path` (default: the
/// folder it runs in), absolute when the recording is outside it. A CI job ingests in one step and reports in
/// another, often from another folder.
@Suite struct ReportPathTests {
    let folder = TemporaryFolder()
    /// The checkout: ingest runs here, with the recording's path relative to it.
    var repository: URL { folder.url.appendingPathComponent("repo") }
    /// Another folder, beside the checkout, where the report runs.
    var elsewhere: URL { folder.url.appendingPathComponent("elsewhere") }
    var database: String { folder.path("touchlog.sqlite") }
    var absolute: String { repository.appendingPathComponent("recordings/toast.jsonl").path }

    /// A recording with a blocked tap (a problem every CI format points at), ingested from the checkout by the path
    /// relative to it.
    init() throws {
        for url in [repository.appendingPathComponent("recordings"), elsewhere] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        let sample = Touchlog.packageRoot.appendingPathComponent(
            "sample-logs/09-transparent-toast-blocks-add-to-bag.jsonl")
        try FileManager.default.copyItem(at: sample, to: URL(fileURLWithPath: absolute))
        let ingest = try Touchlog.run(["ingest", "--db", database, "recordings/toast.jsonl"], cwd: repository)
        try #require(ingest.status == 0, "\(ingest.stderr)")
    }

    func report(_ format: String, _ options: [String] = [], cwd: URL) throws -> String {
        let result = try Touchlog.run(["report", "--db", database, "--format", format] + options, cwd: cwd)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Run from another folder, every CI format names the file by its absolute path: it resolves from there.
    @Test func fromAnotherFolderThePathIsAbsolute() throws {
        #expect(try report("xcode", cwd: elsewhere).hasPrefix("\(absolute):8:1: error: "))
        #expect(try report("github", cwd: elsewhere).contains("::error file=\(absolute),line=8,"))
        let gitlab = try JSONReader.parse(try report("gitlab", cwd: elsewhere))
        #expect(gitlab.arrayValue?.first?["location"]?["path"]?.stringValue == absolute)
        let sarif = try JSONReader.parse(try report("sarif", cwd: elsewhere))
        let result = sarif["runs"]?.arrayValue?.first?["results"]?.arrayValue?.first
        let uri = result?["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]?["uri"]
        #expect(uri?.stringValue == "file://\(absolute)")
    }

    /// With `--base-path` the checkout's root, the paths are the repository's, as GitHub and GitLab match them.
    @Test func basePathMakesThemRelativeToTheRepository() throws {
        let base = ["--base-path", repository.path]
        #expect(try report("xcode", base, cwd: elsewhere).hasPrefix("recordings/toast.jsonl:8:1: error: "))
        #expect(try report("github", base, cwd: elsewhere).contains("::error file=recordings/toast.jsonl,line=8,"))
        let gitlab = try JSONReader.parse(try report("gitlab", base, cwd: elsewhere))
        #expect(gitlab.arrayValue?.first?["location"]?["path"]?.stringValue == "recordings/toast.jsonl")
        // Run from the checkout, the default base is the checkout: the same paths without the option.
        #expect(try report("xcode", cwd: repository).hasPrefix("recordings/toast.jsonl:8:1: error: "))
    }

    /// The formats people read keep the path as it was typed at ingest.
    @Test func theTextReportKeepsThePathAsTyped() throws {
        #expect(try report("text", cwd: elsewhere).contains("(recordings/toast.jsonl:8)"))
    }

    @Test func aBasePathThatIsNoFolderIsAnError() throws {
        let result = try Touchlog.run(
            ["report", "--db", database, "--format", "xcode", "--base-path", folder.path("missing")], cwd: elsewhere)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--base-path: \"\(folder.path("missing"))\" is not a folder"))
    }
}
