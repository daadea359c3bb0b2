import Foundation
import TouchlogFormat

/// How `touchlog ingest` treats its input.
public struct IngestOptions: Sendable {
    /// Re-ingest sessions already stored, replacing them.
    public var replace = false
    /// Store the good records of a file with invalid lines, keeping each rejected line in `rejected_line`.
    public var keepGoing = false
    /// Keep `text` values instead of replacing them by their length (see ``TextRedaction``).
    public var keepText = false
    /// Replace labels by stable tokens before storing them (see ``LabelRedaction``).
    public var redactLabels = false
    /// Records per batch handed from the parsing thread to the inserting one.
    public var batchSize = 4096
    /// Batches that may wait between the two threads; bounds memory.
    public var queueDepth = 4
    /// How to read the input: nil detects it (``ImportFormat/detect(_:)``; `--from` forces it).
    public var inputFormat: InputFormat?
    /// A view-hierarchy dump (any format an importer reads) to join to each input, which is then a session-replay
    /// touch stream (`--hierarchy`): the touches are hit-tested against it.
    public var hierarchy: String?
    /// Stops the ingest when cancelled: the file in progress is rolled back (``FileIngestReport/interrupted``).
    public var cancellation: Cancellation?

    public init(
        replace: Bool = false, keepGoing: Bool = false, keepText: Bool = false, redactLabels: Bool = false,
        inputFormat: InputFormat? = nil
    ) {
        self.replace = replace
        self.keepGoing = keepGoing
        self.keepText = keepText
        self.redactLabels = redactLabels
        self.inputFormat = inputFormat
    }
}

/// What an ingested file holds: a touchlog/1 recording, or a view-hierarchy dump that an importer converts.
public enum InputFormat: Sendable, Hashable {
    case touchlog
    case imported(ImportFormat)

    /// The format named by `--from NAME`: `touchlog` or any name an importer answers to.
    public init?(name: String) {
        if ["touchlog", "touchlog/1", "jsonl"].contains(name.lowercased()) {
            self = .touchlog
        } else if let format = ImportFormat(name: name) {
            self = .imported(format)
        } else {
            return nil
        }
    }

    /// Whether `--hierarchy` can join this input to a view hierarchy.
    public var isTouchStream: Bool {
        switch self {
        case .touchlog: false
        case .imported(let format): format.touchStreamImporter != nil
        }
    }

    /// Every name `--from` accepts, for help and error messages.
    public static var names: [String] { ["touchlog"] + ImportFormat.allCases.map(\.rawValue) }

    /// How many bytes are read before deciding how to read the input: enough for a recording's header line and a
    /// text dump's first screens. JSON that is not a recording is then read whole and decided by its shape.
    static let detectionWindow = 64 * 1024
}

/// Where to read a log from.
public enum IngestSource: Sendable, Hashable, CustomStringConvertible {
    case file(String)
    case standardInput

    /// `-` means standard input.
    public init(argument: String) {
        self = argument == "-" ? .standardInput : .file(argument)
    }

    /// The name used in diagnostics and stored as the session's source.
    public var description: String {
        switch self {
        case .file(let path): path
        case .standardInput: "<stdin>"
        }
    }

    /// The file's absolute path, resolved against the current folder with `.` and `..` taken out (symbolic links
    /// are kept, as the user named the file): what a report run from another folder can still point at. Nil for
    /// standard input.
    public var absolutePath: String? {
        switch self {
        case .file(let path): URL(fileURLWithPath: path).standardizedFileURL.path
        case .standardInput: nil
        }
    }
}

/// What happened to one file.
public struct FileIngestReport: Sendable {
    /// What happened to one session of the file.
    public struct SessionOutcome: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            /// Newly stored.
            case stored
            /// Already stored with the same content: nothing written.
            case unchanged
            /// Stored again over the previous copy (`--replace`).
            case replaced
        }

        public var session: String
        public var kind: Kind
        public var records: Int
        /// Touch records among `records`.
        public var touches: Int
        /// Lines of the session set aside (`--keep-going`, a cut last line).
        public var rejected: Int
        /// As stored: complete, truncated (a cut last line) or partial (lines rejected under `--keep-going`).
        public var status: SessionInfo.Status

        public var truncated: Bool { status == .truncated }
    }

    public var source: IngestSource
    /// True when the file was committed; false when it failed and the database is as before it.
    public var succeeded: Bool
    public var sessions: [SessionOutcome] = []
    /// Records stored (0 for unchanged sessions and failed files).
    public var recordsStored = 0
    /// Records read, stored or not.
    public var recordsRead = 0
    /// Lines kept in `rejected_line` (`--keep-going`).
    public var rejectedStored = 0
    /// Lines that failed validation.
    public var rejectedLines = 0
    public var unknownTypeRecords = 0
    /// The file was a view-hierarchy dump its importer could not read (so `--keep-going` cannot help).
    public var importFailed = false
    /// The ingest was cancelled (``IngestOptions/cancellation``) before this file was committed: nothing from it
    /// was stored.
    public var interrupted = false
    /// The input held no valid session header (empty, or not a recording): the file fails and `--keep-going`
    /// cannot help, since there is no session to keep records for.
    public var heldNoSession = false
    /// The database failed (a lost connection, a full disk, a refused write), not the input: nothing from this file
    /// was stored, and `touchlog ingest` exits 2 as for a database it cannot open.
    public var storeFailed = false
    public var bytesRead = 0
    /// Errors and warnings, in file order (errors beyond ``diagnosticLimit`` are counted, not kept).
    public var diagnostics: [Diagnostic] = []
    public var omittedDiagnostics = 0

    public static let diagnosticLimit = 1000

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}
