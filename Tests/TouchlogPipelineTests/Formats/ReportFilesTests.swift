import Foundation
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogReplay
import TouchlogStore

@testable import TouchlogReport

/// `touchlog report --attachments DIR` and `--replay-pages DIR` over the sample logs, read from a store as the
/// command reads them.
@Suite struct ReportFilesTests {
    /// Every sample log (recordings and dumps) in one database, reported with pictures and timelines.
    static func report(files: [String] = SampleLogReport.files) throws -> (
        Report, TemporaryDatabaseFolder, TouchlogDatabase
    ) {
        let folder = try TemporaryDatabaseFolder()
        let database = try TouchlogDatabase(path: folder.url.appendingPathComponent("t.sqlite").path)
        for file in files {
            let ingest = Ingestor(database: database).ingest(
                .file(SampleLogReport.folder.appendingPathComponent(file).path))
            try #require(ingest.succeeded, "ingest of \(file): \(ingest.diagnostics)")
        }
        let outcome = try ReportRun(toolVersion: SampleLogReport.toolVersion).run(
            database: database, detail: ReportEngine.Detail(scenes: true, timelines: true))
        return (outcome.report, folder, database)
    }

    static func read(_ folder: URL, _ name: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func everySampleProblemGetsItsPictureAndMarkdown() throws {
        let (report, folder, _) = try Self.report()
        #expect(report.groups.count >= 10)
        let out = folder.url.appendingPathComponent("attachments")
        let written = try ReportFiles.writeAttachments(report, folder: out.path)
        #expect(written.count == 2 * report.groups.count)
        for group in report.groups {
            let first = group.representative
            let svg = try #require(Self.read(out, "\(group.fingerprint).svg"), "\(group.signature)")
            let md = try #require(Self.read(out, "\(group.fingerprint).md"), "\(group.signature)")
            #expect(svg.hasPrefix("<?xml") && svg.contains("<svg") && svg.contains("<style>"))
            #expect(svg.contains("svg .role.hit"), "the picture carries its style")
            // The content is the finding's.
            #expect(md.hasPrefix("# \(group.severity.rawValue): \(group.ruleID.rawValue)"))
            #expect(md.contains(Escape.markdown(first.explanation)), "\(group.signature)")
            #expect(md.contains("](\(group.fingerprint).svg)"))
            #expect(md.contains("| Session | \(Escape.markdown(first.session.id)) |"))
            #expect(md.contains(Escape.markdown(NumberText.ranges(first.records))))
            for version in group.appVersions { #expect(md.contains(Escape.markdown(version))) }
            for device in group.devices { #expect(md.contains(Escape.markdown(device))) }
            #expect(md.contains("touchlog replay "))
            #expect(
                md.contains(
                    "\(ReplayPage.fileName(session: first.session.id))#t=\(NumberText.format(first.span.start))"))
            // The steps: the records around the finding, the cited ones in bold.
            let cited = first.records.filter { seq in
                (report.timelines[first.session.id] ?? []).contains { $0.seq == seq }
            }
            #expect(cited.isEmpty || md.contains("1. **"), "the cited records in bold")
            #expect(cited.allSatisfy { seq in md.contains("(line \(seq)):") }, "\(group.signature)")
        }
    }

    /// The names are the problems' fingerprints: the same whatever order the sessions were stored and read in.
    @Test func fileNamesAndContentsAreStable() throws {
        let files = SampleLogReport.files
        let (forward, folderA, _) = try Self.report(files: files)
        let (backward, folderB, _) = try Self.report(files: files.reversed())
        let a = AttachmentFormatter.attachments(forward)
        let b = AttachmentFormatter.attachments(backward)
        #expect(Set(a.map(\.name)) == Set(b.map(\.name)))
        #expect(
            Set(a.map(\.name)) == Set(forward.groups.flatMap { ["\($0.fingerprint).svg", "\($0.fingerprint).md"] }))
        _ = (folderA, folderB)
    }

    /// With --replay-pages, each finding links to `replay-SESSION.html#t=START`; the pages written are the sessions'
    /// and mark their findings.
    @Test func htmlReportLinksEachFindingToItsMomentInAPageWritten() throws {
        let (report, folder, database) = try Self.report(files: [
            "03-hidden-promo-field-keeps-typing.jsonl", "09-transparent-toast-blocks-add-to-bag.jsonl",
        ])
        let plain = ReportFormat.html.render(report)
        #expect(!plain.contains("replay-"))
        let linked = ReportFormat.html.render(report, options: FormatOptions(replayPages: true))
        let findings = report.groups.flatMap(\.findings)
        #expect(!findings.isEmpty)
        for finding in findings {
            let href =
                "href=\"\(ReplayPage.fileName(session: finding.session.id))#t=\(NumberText.format(finding.span.start))\""
            #expect(linked.contains(href), "\(finding.session.id) at \(finding.span.start)")
        }
        let out = folder.url.appendingPathComponent("pages")
        let written = try ReportFiles.writeReplayPages(
            report, store: database, configuration: ReportConfiguration(), folder: out.path)
        let sessions = Set(findings.map(\.session.id))
        #expect(
            Set(written.map { URL(fileURLWithPath: $0).lastPathComponent })
                == Set(sessions.map { ReplayPage.fileName(session: $0) }))
        for session in sessions {
            let page = try #require(Self.read(out, ReplayPage.fileName(session: session)))
            #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"screen\""))
            let count = findings.filter { $0.session.id == session }.count
            #expect(page.contains("\"findingCount\":\(count),"), "\(session): \(count) findings in the report")
        }
    }

    /// A folder that is a file is refused, naming it and saying what to give instead; nothing is written.
    @Test func aFolderThatIsAFileIsRefused() throws {
        let (report, folder, _) = try Self.report(files: ["03-hidden-promo-field-keeps-typing.jsonl"])
        let file = folder.url.appendingPathComponent("taken")
        try Data("x".utf8).write(to: file)
        #expect {
            try ReportFiles.writeAttachments(report, folder: file.path)
        } throws: { error in
            "\(error)"
                == "--attachments: \"\(file.path)\" is a file; give a folder to write into (it is created when missing)."
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
    }

    @Test func replayPageFileNamesKeepToSafeCharacters() throws {
        #expect(ReplayPage.fileName(session: "3F2A-9C1E") == "replay-3F2A-9C1E.html")
        #expect(ReplayPage.fileName(session: "a_b_c_d") == "replay-a_b_c_d.html")
        let replaced = ReplayPage.fileName(session: "a/b c:d")
        #expect(replaced.hasPrefix("replay-a_b_c_d-") && replaced.hasSuffix(".html"), "\(replaced)")
        // Ids that differ only where characters were replaced get pages of their own, the same on every run.
        let ids = ["a/b c:d", "a:b c/d", "a_b_c_d", "a b c d"]
        #expect(Set(ids.map(ReplayPage.fileName(session:))).count == ids.count)
        #expect(ReplayPage.fileName(session: "a/b c:d") == replaced)
        let name = try #require(replaced.split(separator: "-").last)
        #expect(name.count == "1c2d3e4f.html".count, "\(replaced)")
    }
}
