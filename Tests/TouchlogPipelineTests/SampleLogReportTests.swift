import Foundation
import ResponderCore
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

@testable import TouchlogReport

/// Every sample log's report, as `touchlog report` prints it, against `Golden/samples/<file>.report.txt` and
/// `.report.json`; and `make demo`'s report step through the built binary against `Golden/samples/all.report.txt`.
///
/// The rules are an input of the harness: the goldens use ``RuleRegistry/all``; re-record them
/// (`TOUCHLOG_RECORD=1`) when the registry changes, and review the diff.
@Suite struct SampleLogReportGoldenTests {
    @Test(arguments: SampleLogReport.files)
    func reportMatchesGolden(file: String) throws {
        let outputs = try SampleLogReport.run(file: file, rules: RuleRegistry.all, formats: [.text, .json])
        try expectGolden(outputs[.text]!.golden, "samples/\(file).report.txt")
        try expectGolden(outputs[.json]!.golden, "samples/\(file).report.json")
    }

    @Test func everySampleLogIsCovered() {
        // 15 recordings and one dump per importer: a new sample needs its golden recorded.
        #expect(SampleLogReport.files.filter { $0.hasSuffix(".jsonl") }.count == 15)
        #expect(SampleLogReport.files.filter { $0.hasPrefix("import-") }.count == 4)
    }

    /// The harness is the report path, not a stand-in: with a rule that cites each session's header and last
    /// record, the JSON report's `lines` point at those very lines of the sample files (the stored header line
    /// plus `seq - 1`), and imported dumps, whose records have no line, give none.
    @Test(arguments: SampleLogReport.files)
    func findingsPointAtTheirLinesInTheSampleFile(file: String) throws {
        let output = try #require(
            try SampleLogReport.run(file: file, rules: [RecordLinesProbeRule.self], formats: [.json])[.json])
        #expect(output.status == 0)
        let report = try JSONReader.parse(output.stdout)
        let findings = report["problems"]?.arrayValue?.flatMap { $0["findings"]?.arrayValue ?? [] } ?? []
        let sessions = report["sessions"]?.arrayValue ?? []
        #expect(!findings.isEmpty && findings.count == sessions.count)
        // Sources read as after `touchlog ingest sample-logs/<file>` in the package folder, wherever it is checked out.
        #expect(sessions.allSatisfy { $0["source"]?.stringValue == "sample-logs/\(file)" })
        let text = try String(contentsOf: SampleLogReport.folder.appendingPathComponent(file), encoding: .utf8)
        let fileLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for finding in findings {
            let session = try #require(finding["session"]?.stringValue)
            guard file.hasSuffix(".jsonl") else {
                #expect(finding["lines"] == .null, "\(session): a dump's records have no line")
                continue
            }
            let lines = (finding["lines"]?.arrayValue ?? []).compactMap(\.intValue)
            let records = (finding["records"]?.arrayValue ?? []).compactMap(\.intValue)
            try #require(records.first == 1 && records.count == 2 && lines.count == 2, "\(session)")
            let header = try JSONReader.parse(String(fileLines[lines[0] - 1]))
            #expect(header["type"]?.stringValue == "session" && header["session"]?.stringValue == session)
            let last = try JSONReader.parse(String(fileLines[lines[1] - 1]))
            #expect(finding["explanation"]?.stringValue == RecordLinesProbeRule.explanation(last["type"]?.stringValue))
            #expect(finding["span"]?["end"]?.doubleValue == last["t"]?.doubleValue)
            #expect(lines[1] - lines[0] == records[1] - records[0])
        }
    }

    /// Every sample in one store, reported in the formats for CI, and as text on a 100-column terminal (where it
    /// ran to 287 columns before it wrapped).
    @Test func allSamplesInTheCIFormatsAndOnAHundredColumnTerminal() throws {
        let folder = try TemporaryDatabaseFolder()
        let database = try TouchlogDatabase(path: folder.url.appendingPathComponent("all.sqlite").path)
        for file in SampleLogReport.files {
            let ingest = Ingestor(database: database).ingest(
                .file(SampleLogReport.folder.appendingPathComponent(file).path))
            try #require(ingest.succeeded, "ingest of \(file): \(ingest.diagnostics)")
        }
        let report = SampleLogReport.relativeSources(
            try ReportRun(toolVersion: SampleLogReport.toolVersion).run(database: database).report)
        #expect(report.sessions.count == SampleLogReport.files.count + 2)
        let goldens: [(ReportFormat, String)] = [
            (.github, "github.txt"), (.xcode, "xcode.txt"), (.gitlab, "gitlab.json"), (.summary, "summary.txt"),
        ]
        for (format, name) in goldens {
            try expectGolden(format.render(report), "samples/all.report.\(name)")
        }
        let text = ReportFormat.text.render(report, options: FormatOptions(width: 100))
        for line in text.split(separator: "\n") {
            #expect(TextWrapper.columns(String(line)) <= 100, "\(line)")
        }
        try expectGolden(text, "samples/all.report.width100.txt")
    }

    /// `make demo`'s last step: every sample ingested by the binary from the package folder, then
    /// `touchlog report` over all of them.
    @Test func demoReportStepThroughTheBinary() throws {
        let folder = try TemporaryDatabaseFolder()
        let database = folder.url.appendingPathComponent("demo.sqlite").path
        let samples = SampleLogReport.files.map { "sample-logs/\($0)" }
        let ingest = try TouchlogBinary.run(["ingest", "--quiet", "--db", database] + samples)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let report = try TouchlogBinary.run(["report", "--db", database])
        // Anything on standard error (replay warnings, say) is pinned by the golden with the report.
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("\(samples.count + 2) sessions analysed"))  // samples 02 and 09 hold two
        try expectGolden(report.golden, "samples/all.report.txt")
    }
}

/// What `touchlog report` printed: standard output, its exit status and standard error.
struct ReportOutput {
    var status: Int32
    var stdout: String
    var stderr: String

    /// What a golden file holds: the report, or when there is none the status and the message explaining why.
    var golden: String {
        guard status != 0 || !stderr.isEmpty else { return stdout }
        return "# touchlog report exited with status \(status); standard error:\n" + stderr + stdout
    }
}

/// One sample log ingested into a fresh database and reported on through the library calls `touchlog report`
/// makes (ReportCommand: engine, loader, run, format).
enum SampleLogReport {
    static let folder = packageRoot.appendingPathComponent("sample-logs")

    /// The touchlog/1 recordings and the view-hierarchy dumps: everything in `sample-logs/` but its README.
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") || $0.hasPrefix("import-") }.sorted()
    }()

    /// The report with its recordings' paths as after `touchlog ingest sample-logs/<file>` in the package folder,
    /// before rendering: formats that wrap or escape a path must see the path a golden file holds.
    static func relativeSources(_ report: Report) -> Report {
        let root = packageRoot.path + "/"
        func relative(_ session: SessionRef) -> SessionRef {
            var session = session
            if let source = session.source, source.hasPrefix(root) {
                session.source = String(source.dropFirst(root.count))
            }
            return session
        }
        var report = report
        report.sessions = report.sessions.map(relative)
        report.unanalysed = report.unanalysed.map {
            UnanalysedSession(session: relative($0.session), reason: $0.reason)
        }
        for index in report.groups.indices {
            for finding in report.groups[index].findings.indices {
                report.groups[index].findings[finding].session = relative(
                    report.groups[index].findings[finding].session)
            }
        }
        return report
    }

    /// The CLI writes `TouchlogCommand.version`; goldens pin one so that a release does not rewrite them.
    static let toolVersion = "0.1.0"

    /// Ingests `file` into a temporary database, runs `rules` over all its sessions and renders every format.
    /// Sources read `sample-logs/<file>`, as after `touchlog ingest sample-logs/<file>` in the package folder.
    static func run(file: String, rules: [any Rule.Type], formats: [ReportFormat]) throws -> [ReportFormat:
        ReportOutput]
    {
        let folder = try TemporaryDatabaseFolder()
        let database = try TouchlogDatabase(path: folder.url.appendingPathComponent("t.sqlite").path)
        let ingest = Ingestor(database: database).ingest(.file(Self.folder.appendingPathComponent(file).path))
        try #require(ingest.succeeded, "ingest of \(file): \(ingest.diagnostics)")

        let outcome = try ReportRun(toolVersion: toolVersion).run(database: database, rules: rules)
        let root = packageRoot.path + "/"
        let warnings = outcome.report.unanalysed.map { "touchlog: warning: not analysed: \($0.message)\n" }.joined()
        return Dictionary(
            uniqueKeysWithValues: formats.map { format in
                let text = format.render(outcome.report, options: FormatOptions(color: false))
                return (
                    format,
                    ReportOutput(
                        status: outcome.report.exitStatus, stdout: text.replacingOccurrences(of: root, with: ""),
                        stderr: warnings)
                )
            })
    }
}

/// Test-only: one finding per session citing its header and its last record, so that FILE:LINE can be checked
/// against the sample files themselves.
final class RecordLinesProbeRule: Rule {
    static let description = RuleDescription(
        identifier: "probe_record_lines", name: "Probe: record lines", severity: .info,
        rationale: "A test-only rule citing each session's header and last record.")

    static func explanation(_ type: String?) -> String { "The session's last record is a \(type ?? "?") record." }

    private var last: SessionRecord?

    required init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) { last = input }

    func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder) { last = record }

    func finish(build: FindingBuilder) -> [Finding] {
        guard let last else { return [] }
        return [
            Finding(
                ruleID: Self.id, severity: .info, session: build.context.ref,
                span: TimeSpan(0, last.t ?? 0), records: [1, last.seq], views: [],
                explanation: Self.explanation(last.record.typeName))
        ]
    }
}

/// A temporary folder for a database file, removed with everything in it at deinit.
final class TemporaryDatabaseFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchlog-report-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The built `touchlog` binary, run from the package folder like `make demo` runs it.
enum TouchlogBinary {
    /// Beside the test bundle in the build products folder, else `.build/debug` (as the CLI tests find it).
    static let url: URL = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            products.appendingPathComponent("touchlog"), packageRoot.appendingPathComponent(".build/debug/touchlog"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }()

    static func run(_ arguments: [String]) throws -> ReportOutput {
        let folder = try TemporaryDatabaseFolder()
        let out = folder.url.appendingPathComponent("out")
        let err = folder.url.appendingPathComponent("err")
        // Files, not pipes: a child blocked on a full pipe would never exit.
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHLOG_DB"] = nil
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return ReportOutput(
            status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }
}
