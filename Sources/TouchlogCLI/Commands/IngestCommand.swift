import ArgumentParser
import Foundation
import Synchronization
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

/// `touchlog ingest FILE… | -`: validates touchlog/1 recordings and stores them.
struct IngestCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Validate touchlog/1 recordings and store them in the database.",
        discussion: """
            Each FILE is read as a stream (memory stays flat whatever its size) and stored in one transaction: \
            a file is stored whole or not at all. A file may hold several sessions; `-` reads standard input. \
            gzip-compressed input (a .gz file, or gzip on standard input) is decompressed as it is read; one cut \
            off (a crash while it was written) is stored up to the cut, like a plain file cut there.

            Ingest is idempotent: a session already stored with the same content is left as it is and reported \
            "unchanged" (with a warning if it was stored with other --keep-text or --redact-labels options than \
            this run's). A session id already stored with different content fails the file; --replace \
            overwrites the stored session instead.

            A malformed line fails its file, and every problem is listed as FILE:LINE:COLUMN: error: MESSAGE \
            with a hint; errors that only follow from an earlier one (every event after a snapshot that could \
            not be read) are counted in one line instead of listed. With --keep-going the good records are stored and each rejected line is kept in the \
            database (its text, line and reason), and the session is marked "partial". A last line cut off \
            without a newline (a recording that crashed mid-write) is only a warning: everything before it is \
            stored, the cut line is kept as a rejected line, and the session is marked "truncated". A line may take \
            64 MiB at most, and no more of one is held in memory: a longer line is read past, not held; at the end \
            of a file (the zero-filled tail of a preallocated file that a crash cut) it is kept aside like a cut \
            last line, anywhere else it is an error. Records of an unknown type are stored and counted.

            View-hierarchy dumps are ingested too, each file as a session with one snapshot per dump (unrelated \
            recursiveDescription dumps pasted in one file, one per device or iOS version, a session each): UIKit's \
            recursiveDescription (lldb `po`, Chisel's pviews, NSLog), Sentry view-hierarchy.json attachments and \
            event JSON (touch breadcrumbs become observed actions), XCUITest debugDescription trees, Appium \
            page sources (repaired where cut or not well-formed, with a warning per repair), EarlGrey hierarchy \
            dumps, idb ui describe-all JSON and Maestro hierarchies of iOS apps. The format is detected: JSON by its top-level keys over the whole file, text from its \
            first 64 KiB; --from NAME forces it. See docs/importers.md.

            Session-replay touch streams (rrweb events from Sentry's and PostHog's mobile session replay: a \
            recording segment, an envelope, exported $snapshot events) carry touches but no views. \
            --hierarchy FILE joins each of them to the view hierarchy captured with it (any dump format above, \
            detected), so the touches are hit-tested against its views; a Sentry envelope that holds both is \
            joined by itself. Without a hierarchy the touches are stored against an empty snapshot, with a warning.

            XCTest activity logs (what xcodebuild test prints of a UI test, lines such as t = 3.21s Tap \
            "Sign In" Button, or an .xcresult's activity titles) name the elements a UI test tapped, not where: --hierarchy FILE, the \
            tree captured in the same test (print(app.debugDescription) or a recursiveDescription), places each \
            one at its element's centre, and typed text becomes key records. Without --hierarchy such a log is \
            refused; an activity the hierarchy cannot place is a warning at its line.

            Privacy: unless --keep-text is given, typed text is replaced by its length (in UTF-16 code units) \
            before it is stored: a `key` record's "text" becomes "length", and a view's "text" (in snapshots, \
            inserts and `set` records) becomes "textLength". Lines set aside (a cut last line, lines rejected \
            under --keep-going) are stored with the value of every "text" member blanked, even when the line is \
            not JSON: "text":"<redacted 6 bytes>". What else a session keeps (device, app, view classes, \
            accessibility identifiers and labels) is listed in docs/privacy.md.

            --redact-labels is for teams whose accessibility labels carry personal data (a contact's name on a \
            cell): every label (accessibilityLabel, and the values, titles and placeholders recorders and importers \
            write) is replaced by a stable token such as "label#06049f84" before it is stored, in recordings, \
            dumps and lines set aside alike. The same label always gives the same token, so reports still group one view's problems \
            across sessions; the token is a pseudonym, not encryption: a guessed label can be confirmed.

            Progress (percentage, MiB/s, time left) is shown on stderr when stderr is a terminal and the input is \
            a file; it is cleared when the file ends or an interruption stops it. A one-line summary \
            (sessions, records, rejected lines, seconds, records/s) ends the run on stderr; --quiet keeps only \
            errors.

            --format json also prints, on standard output when the run ends, what was stored (stable; members may \
            be added, never renamed): {"files": [{"file","stored","interrupted","sessions","diagnostics",\
            "omittedDiagnostics"}], "sessions","unchanged","records","rejected","failedFiles"}, each session \
            {"id","outcome","status","records","touches","rejected"} ("outcome" stored, unchanged or replaced; \
            "status" complete, truncated or partial) and each diagnostic \
            {"severity","file","line","column","message","hint"} ("line" 0 for the whole file, "hint" null when \
            there is none). Progress and diagnostics stay on standard error.

            Several ingests may run at once on one database: while another process writes, ingest waits for it \
            (saying so after a second) and then stores its file. Ctrl-C or SIGTERM rolls back the file in \
            progress, starts no other, and says which files were stored.

            A file that holds no session (an empty file, or no line is a valid session header) fails: there is \
            nothing to store, and a CI step that ingests it should not pass. The other files are still stored.

            Exit status: 0 every file was stored (or was already stored); 1 at least one file failed (invalid, \
            unreadable, or holding no session) and nothing from it was stored; 2 the database could not be \
            opened or written (not writable, a full disk, another application's SQLite file, written by a newer \
            touchlog, a PostgreSQL server unreachable, refusing the login or gone mid-ingest); 64 invalid \
            arguments; 130 or 143 interrupted by Ctrl-C or SIGTERM.

            Examples:
              touchlog ingest session.jsonl
              touchlog ingest --db qa.sqlite logs/*.jsonl
              touchlog ingest crash.jsonl.gz
              touchlog ingest --keep-going --replace flaky.jsonl
              touchlog ingest --redact-labels support-tickets/*.jsonl
              pbpaste | touchlog ingest --from recursiveDescription -
              touchlog ingest segment.json --hierarchy view-hierarchy.json
              touchlog ingest ui-test.log --hierarchy app-debug-description.txt
              touchlog ingest --format json nightly/*.jsonl | jq '.files[].sessions[].id'
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Re-ingest sessions that are already stored, replacing them.")
    var replace = false

    @Flag(help: "Store the valid records of a file with invalid lines, and keep the rejected lines in the database.")
    var keepGoing = false

    @Flag(
        help: """
            Keep typed text as recorded, in records and in lines set aside, instead of replacing it by its length.
            """)
    var keepText = false

    @Flag(help: "Replace accessibility labels (and titles, values, placeholders) by stable tokens: label#06049f84.")
    var redactLabels = false

    @Flag(name: .shortAndLong, help: "Print only errors: no progress, no per-session lines, no summary.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Also print what was stored on standard output: json (files, sessions, warnings); text prints nothing there."
        ))
    var format: OutputFormat = .text

    @Option(
        help: ArgumentHelp(
            "Read every FILE as this format instead of detecting it: touchlog, recursiveDescription, sentry, xcuitest, rrweb, appium, earlgrey, idb, xctest-log or maestro.",
            valueName: "name"))
    var from: String?

    @Option(
        help: ArgumentHelp(
            "Join every FILE, a touch stream (session replay, XCTest activity log), to this view-hierarchy dump (any format ingest imports).",
            valueName: "file"),
        completion: .file())
    var hierarchy: String?

    @Argument(
        help: ArgumentHelp("touchlog/1 files (JSON Lines); - reads standard input.", valueName: "file"),
        completion: Completion.ingestFiles)
    var files: [String] = []

    func validate() throws {
        if files.isEmpty {
            throw ValidationError("Give at least one FILE to ingest, or - to read standard input.")
        }
        if let from, InputFormat(name: from) == nil {
            throw ValidationError(
                "Unknown format \"\(from)\" for --from; use one of: \(InputFormat.names.joined(separator: ", ")).")
        }
        if let hierarchy {
            if let from, let format = InputFormat(name: from), !format.isTouchStream {
                throw ValidationError(
                    "--hierarchy joins a touch stream to a view hierarchy; it cannot be used with --from \(from). Drop --from or use --from rrweb or --from xctest-log."
                )
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: hierarchy, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isReadableFile(atPath: hierarchy)
            else {
                throw ValidationError(
                    "Cannot read the hierarchy \"\(hierarchy)\" given to --hierarchy; check the path and its permissions."
                )
            }
        }
        if files.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Standard input (-) can be read only once; give - a single time.")
        }
    }

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        let interruption = context.interruption()
        let store: any SessionIngesting = try database.open(
            for: .writing, waiting: database.waitingForWriters(interruption.cancellation, quiet: quiet))
        return frontend.run(store: store, interruption: interruption, output: context.output).status
    }

    var frontend: IngestRun {
        var options = IngestOptions(
            replace: replace, keepGoing: keepGoing, keepText: keepText, redactLabels: redactLabels,
            inputFormat: from.flatMap(InputFormat.init(name:)))
        options.hierarchy = hierarchy
        let quiet = quiet
        return IngestRun(files.map(IngestSource.init(argument:)), options: options, quiet: quiet, format: format) {
            source in
            // On a terminal only, and only for a file, whose size says how far it is.
            guard !quiet, StandardError.isTerminal, case .file(let path) = source else { return nil }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            return ProgressPrinter(name: path, totalBytes: size)
        }
    }
}

/// Rewrites one stderr line as a file is read: how far, how fast, how long still.
///
/// The parsing thread reports progress, and after an interruption it may still do so while the command says
/// what was rolled back: once ``finish()`` has cleared the line, nothing more is written, so no stale percentage
/// lands on the messages that follow.
final class ProgressPrinter: IngestProgress {
    let name: String
    let totalBytes: Int?
    private let columns: Int?
    private let elapsed: @Sendable () -> Double
    private let write: @Sendable (String) -> Void
    /// Set by ``finish()``; held while writing, so a line cannot be written after the one that clears it.
    private let finished = Mutex(false)

    init(
        name: String, totalBytes: Int?, columns: Int? = ProgressPrinter.terminalColumns(),
        elapsed: (@Sendable () -> Double)? = nil,
        write: @escaping @Sendable (String) -> Void = { StandardError.write($0) }
    ) {
        self.name = name
        self.totalBytes = totalBytes
        self.columns = columns
        let started = ContinuousClock.now
        self.elapsed =
            elapsed ?? {
                let duration = ContinuousClock.now - started
                return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            }
        self.write = write
    }

    func update(_ bytes: Int) {
        finished.withLock { finished in
            guard !finished else { return }
            let line = ProgressLine.text(
                name: name, bytes: bytes, totalBytes: totalBytes, elapsed: elapsed(), columns: columns)
            write("\r" + line + "\u{1B}[K")
        }
    }

    /// Clears the line, for good.
    func finish() {
        finished.withLock { finished in
            guard !finished else { return }
            finished = true
            write("\r\u{1B}[K")
        }
    }

    /// The width of the terminal on stderr: a line wider than it wraps, and `\r` then rewrites only its last part.
    static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// The text of the progress line, from numbers alone (so tests give it any).
enum ProgressLine {
    /// `logs/big.jsonl: 45% (123.4 of 274.2 MiB, 85.3 MiB/s, 2 s left)`; without a size, `-: 123.4 MiB (85.3 MiB/s)`:
    /// mebibytes (2^20 bytes), named as such.
    /// The rate is bytes of the file read per second (compressed bytes for a .gz, as its size is), and the time
    /// left what the rest of the file takes at that rate. With `columns`, the name is shortened from the left
    /// (`…/big.jsonl`) so the line fits on one row.
    static func text(name: String, bytes: Int, totalBytes: Int?, elapsed: Double, columns: Int?) -> String {
        let rate = elapsed > 0 && bytes > 0 ? Double(bytes) / elapsed : nil
        var details: [String] = []
        let progress: String
        if let totalBytes, totalBytes > 0 {
            progress = "\(min(100, bytes * 100 / totalBytes))%"
            details.append("\(megabytes(bytes)) of \(megabytes(totalBytes)) MiB")
            if let rate { details.append("\(megabytes(Int(rate))) MiB/s") }
            if let rate, bytes < totalBytes { details.append(timeLeft(Double(totalBytes - bytes) / rate)) }
        } else {
            progress = "\(megabytes(bytes)) MiB"
            if let rate { details.append("\(megabytes(Int(rate))) MiB/s") }
        }
        let tail = ": " + progress + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
        guard let columns else { return name + tail }
        // One column spare: a line exactly as wide as the terminal wraps on some terminals.
        let room = columns - 1 - tail.count
        if name.count <= room { return name + tail }
        if room >= 2 { return "…" + name.suffix(room - 1) + tail }
        return String((name + tail).prefix(max(0, columns - 1)))
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

    /// "8 s left", "3 min 5 s left", "1 h 2 min left": rounded up, so it never says 0 before the end.
    static func timeLeft(_ seconds: Double) -> String {
        let total = Int(max(1, seconds.rounded(.up)))
        if total < 60 { return "\(total) s left" }
        if total < 3600 { return "\(total / 60) min \(total % 60) s left" }
        return "\(total / 3600) h \(total % 3600 / 60) min left"
    }
}
