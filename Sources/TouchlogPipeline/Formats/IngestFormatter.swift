import TouchlogFormat
import TouchlogStore

/// `touchlog ingest --format json`: what each file stored, for a script to read on standard output while progress
/// and diagnostics stay on standard error.
///
/// `{"files": [{"file", "stored", "interrupted", "sessions": [{"id", "outcome", "status", "records", "touches",
/// "rejected"}], "diagnostics": [{"severity", "file", "line", "column", "message", "hint"}],
/// "omittedDiagnostics"}], "sessions", "unchanged", "records", "rejected", "failedFiles"}`: "stored" is whether the
/// file was committed (a file that was not lists no session); "outcome" is stored, unchanged or replaced; "status" complete, truncated or partial; "line"
/// and "column" 0 for a problem with the whole file; "hint" null when there is none; the totals at the end are the
/// summary line's. Stable: members may be added, never renamed.
enum IngestFormatter {
    static func json(_ reports: [FileIngestReport], summary: IngestSummary) -> String {
        let files = reports.map { report -> JSONValue in
            let stored = report.succeeded && !report.interrupted
            return .object([
                "file": .string(report.source.description),
                "stored": .bool(stored),
                "interrupted": .bool(report.interrupted),
                // A file that failed was rolled back whole: none of the sessions read from it is stored.
                "sessions": .array(stored ? report.sessions.map(session) : []),
                "diagnostics": .array(report.diagnostics.map(diagnostic)),
                "omittedDiagnostics": .number(Double(report.omittedDiagnostics)),
            ])
        }
        return JSONValue.object([
            "files": .array(files),
            "sessions": .number(Double(summary.stored)),
            "unchanged": .number(Double(summary.unchanged)),
            "records": .number(Double(summary.records)),
            "rejected": .number(Double(summary.rejected)),
            "failedFiles": .number(Double(summary.failedFiles)),
        ]).serialized() + "\n"
    }

    private static func session(_ outcome: FileIngestReport.SessionOutcome) -> JSONValue {
        .object([
            "id": .string(outcome.session),
            "outcome": .string(outcome.kind.rawValue),
            "status": .string(outcome.status.rawValue),
            "records": .number(Double(outcome.records)),
            "touches": .number(Double(outcome.touches)),
            "rejected": .number(Double(outcome.rejected)),
        ])
    }

    private static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            "severity": .string(diagnostic.severity.rawValue),
            "file": .string(diagnostic.file),
            "line": .number(Double(diagnostic.line)),
            "column": .number(Double(diagnostic.column)),
            "message": .string(diagnostic.message),
            "hint": diagnostic.hint.map(JSONValue.string) ?? .null,
        ])
    }
}
