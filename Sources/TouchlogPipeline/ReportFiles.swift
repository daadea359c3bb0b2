import Foundation
import TouchlogReplay
import TouchlogReport
import TouchlogStore

/// What `touchlog report` writes into folders besides its output: the replay pages its HTML report links
/// (`--replay-pages DIR`) and a picture and a Markdown file per problem (`--attachments DIR`).
public enum ReportFiles {
    /// Writes `replay-SESSION.html` (``ReplayPage/fileName(session:)``) into `folder` for every session a listed
    /// finding of `report` comes from, each page marking the findings of the rules `configuration` runs; returns the
    /// files written, in the report's order. A session replay now refuses is skipped and named in `skipped`.
    public static func writeReplayPages(
        _ report: Report, store: any SessionReading, configuration: ReportConfiguration, folder: String,
        skipped: (String, ReplayError) -> Void = { _, _ in }
    ) throws -> [String] {
        try makeFolder(folder, option: "--replay-pages")
        var seen = Set<String>()
        var ids: [String] = []
        for group in report.groups {
            for finding in group.findings where seen.insert(finding.session.id).inserted {
                ids.append(finding.session.id)
            }
        }
        let loader = SessionLoader(database: store)
        let rules = configuration.configured(RuleRegistry.all)
        var written: [String] = []
        for id in ids {
            let session = try loader.session(try store.session(matching: id))
            let path = (folder as NSString).appendingPathComponent(ReplayPage.fileName(session: id))
            let file = try FileSink(path: path, option: "--replay-pages")
            do {
                try ReplayPage.write(session, rules: rules, write: file.write)
                try file.close()
                written.append(path)
            } catch let error as ReplayError {
                try? file.close()
                try? FileManager.default.removeItem(atPath: path)
                skipped(id, error)
            }
        }
        return written
    }

    /// Writes every problem's `FINGERPRINT.svg` and `FINGERPRINT.md` (``AttachmentFormatter``) into `folder`;
    /// returns the files written. The report must carry scenes and timelines.
    public static func writeAttachments(_ report: Report, folder: String) throws -> [String] {
        try makeFolder(folder, option: "--attachments")
        var written: [String] = []
        for attachment in AttachmentFormatter.attachments(report) {
            let path = (folder as NSString).appendingPathComponent(attachment.name)
            let file = try FileSink(path: path, option: "--attachments")
            file.write(attachment.contents)
            try file.close()
            written.append(path)
        }
        return written
    }

    static func makeFolder(_ folder: String, option: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw CommandFailure(
                    "\(option): \"\(folder)\" is a file; give a folder to write into (it is created when missing).",
                    exit: .database)
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(
                "\(option): cannot create the folder \"\(folder)\" (\(error.localizedDescription)); choose a folder you can write.",
                exit: .database)
        }
    }
}

/// A file written in pieces, buffered, so that a page of megabytes never sits whole in memory.
final class FileSink {
    private let handle: FileHandle
    private let path: String
    private let option: String
    private var buffer: [UInt8] = []
    private var failure: Error?

    init(path: String, option: String) throws {
        self.path = path
        self.option = option
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CommandFailure(
                "\(option): cannot write \"\(path)\"; choose a folder you can write.", exit: .database)
        }
        self.handle = handle
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            failure = error
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        flush()
        try? handle.close()
        if let failure {
            throw CommandFailure(
                "\(option): writing \"\(path)\" failed (\(failure.localizedDescription)).", exit: .database)
        }
    }
}
