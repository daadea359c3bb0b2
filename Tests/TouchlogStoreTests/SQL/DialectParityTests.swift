import Foundation
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogStore

/// The statements written once answer the same in both databases where their dialects differ: case folded for
/// ASCII letters only, LIKE's wildcards taken literally, starts compared as instants (one written at +02:00), the
/// boundary of `prune --before`, a list of ids as one parameter, booleans and lease times. The SQLite answers are
/// checked against what they must be; PostgreSQL's against SQLite's.
@Suite struct DialectParityTests {
    let folder = TemporaryFolder()

    /// Two sessions that started at the same instant, written in two offsets; ids that differ only by the case of a
    /// letter that is not ASCII; an id holding LIKE's wildcards; one session without a start.
    static let recordings = [
        Lines.session(
            [Lines.touch(0.1)], id: "5C1E-aaa", version: "1.0", startedAt: "2026-03-01T00:30:00.000+02:00",
            device: "iPhone15,2"),
        Lines.session([], id: "5c1e-abb", version: "2.0", startedAt: "2026-02-28T22:30:00.000Z", device: "IPAD13,4"),
        Lines.session([], id: "É-upper", version: "2.0", startedAt: "2026-01-01T00:00:00.000Z", device: "iPhone16,1"),
        Lines.session([], id: "é-lower", version: "2.0", startedAt: nil, device: "ipadÉ14,1"),
        Lines.session([], id: "a_b%c", version: "2.0", startedAt: "2026-04-01T00:00:00.000Z", device: "iPhone15,4"),
    ].joined()

    static let boundary = try! Timestamp(parsing: "2026-02-28T22:30:00Z")
    static let justAfter = try! Timestamp(parsing: "2026-02-28T22:30:00.001Z")

    func ingested(_ store: any SessionStore) throws -> any SessionStore {
        let report = Ingestor(database: store).ingest(.file(folder.file("parity.jsonl", Self.recordings)))
        try #require(report.succeeded, "\(report.diagnostics)")
        return store
    }

    /// Each question whose statement has a dialect's words in it, with the store's answer.
    func answers(_ store: any SessionStore) throws -> [String: String] {
        func keys(_ filter: SessionFilter) throws -> String {
            try store.sessions(filter).map(\.key).joined(separator: " ")
        }
        func lookup(_ query: String) -> String {
            do { return try store.session(matching: query).key } catch { return "\(error)" }
        }
        func pruned(_ cutoff: PruneCutoff, version: String? = nil) throws -> String {
            let result = try store.prune(PruneCriteria(cutoff, appVersion: version), dryRun: true)
            return result.removal.sessions.map(\.session.key).joined(separator: " ")
                + " kept \(result.kept) undated \(result.undated)"
        }
        var answers: [String: String] = [
            "all": try keys(SessionFilter()),
            "device ipad": try keys(SessionFilter(device: "ipad")),
            "device É": try keys(SessionFilter(device: "É")),
            "device é": try keys(SessionFilter(device: "é")),
            "device %": try keys(SessionFilter(device: "%")),
            "since boundary": try keys(SessionFilter(since: Self.boundary)),
            "since just after": try keys(SessionFilter(since: Self.justAfter)),
            "last 2": try keys(SessionFilter(limit: 2)),
            "lookup 5c1e-a": lookup("5c1e-a"),
            "lookup 5C1E-AA": lookup("5C1E-AA"),
            "lookup É": lookup("É"),
            "lookup é": lookup("é"),
            "lookup A_B": lookup("A_B"),
            "lookup a%": lookup("a%"),
            "keys 5C1E": try store.sessionKeys(startingWith: "5C1E").joined(separator: " "),
            "keys é": try store.sessionKeys(startingWith: "é").joined(separator: " "),
            "keys _": try store.sessionKeys(startingWith: "_").joined(separator: " "),
            "keys all, 2": try store.sessionKeys(startingWith: "", limit: 2).joined(separator: " "),
            "prune before boundary": try pruned(.startedBefore(Self.boundary)),
            "prune before just after": try pruned(.startedBefore(Self.justAfter)),
            "prune keep 1 of 2.0": try pruned(.keepNewest(1), version: "2.0"),
            "prune before just after keeping 1": try pruned(.startedBeforeKeepingNewest(Self.justAfter, keep: 1)),
        ]
        let first = try store.session(matching: "5C1E-aaa")
        answers["has touches"] = "\(try store.hasRecords(sessionRowID: first.rowID, kind: .touch))"
        answers["has keys"] = "\(try store.hasRecords(sessionRowID: first.rowID, kind: .key))"
        answers["snapshot at 0"] = "\(try store.snapshot(sessionRowID: first.rowID, at: 0)?.seq ?? -1)"
        answers["snapshot before it"] = "\(try store.snapshot(sessionRowID: first.rowID, at: -1)?.seq ?? -1)"
        answers["header line"] = "\(first.headerLine ?? -1) \(first.textKept) \(first.labelsRedacted)"

        // The queue: its booleans, lease times and list of ids.
        answers["queued"] = "\(try store.enqueueAnalyses(fingerprint: "fp"))"
        let lease = JobLease(owner: "w", seconds: 60)
        guard case .claimed(let job) = try store.claimAnalysis(fingerprint: "fp", lease: lease) else {
            Issue.record("nothing to claim")
            return answers
        }
        answers["renewed"] = "\(try store.renewLease(job, lease: lease))"
        answers["renewed by another"] = "\(try store.renewLease(job, lease: JobLease(owner: "x", seconds: 60)))"
        answers["jobs"] = try store.analysisJobs(fingerprint: "fp").map {
            "\($0.sessionKey) \($0.leaseOwner ?? "-") \($0.leaseExpired) \($0.attempts)"
        }.joined(separator: ", ")
        answers["completed"] =
            "\(try store.completeAnalysis(job, lease: lease, outcome: "outcome of \(job.sessionKey)"))"
        answers["completed again"] = "\(try store.completeAnalysis(job, lease: lease, outcome: "again"))"
        let all = try store.sessions()
        let analysed = try store.analysedSessions(fingerprint: "fp", sessionRowIDs: all.map(\.rowID))
        answers["analysed"] = all.filter { analysed.contains($0.rowID) }.map(\.key).joined(separator: " ")
        answers["stored"] = try store.storedAnalysis(fingerprint: "fp", sessionRowID: job.sessionRowID) ?? "-"
        answers["queued again"] = "\(try store.enqueueAnalyses(fingerprint: "fp"))"
        return answers
    }

    @Test func sqliteAnswersAsTheRulesSay() throws {
        let answers = try answers(ingested(try TouchlogDatabase.inMemory()))
        // Listed by the start as recorded (text), undated last.
        // 5C1E-aaa (00:30 at +02:00) and 5c1e-abb (22:30 UTC) started at the same instant: stored order decides.
        #expect(answers["all"] == "É-upper 5C1E-aaa 5c1e-abb a_b%c é-lower")
        #expect(answers["device ipad"] == "5c1e-abb é-lower")
        // Only ASCII letters fold: É matches É, not é.
        #expect(answers["device É"] == "é-lower")
        #expect(answers["device é"] == "")
        #expect(answers["device %"] == "")
        // 00:30 at +02:00 is 22:30 UTC the day before: the same instant as 5c1e-abb.
        #expect(answers["since boundary"] == "5C1E-aaa 5c1e-abb a_b%c")
        #expect(answers["since just after"] == "a_b%c")
        // The two that started last (the later-stored of the tied pair, then April); the undated session did not.
        #expect(answers["last 2"] == "5c1e-abb a_b%c")
        #expect(answers["lookup 5C1E-AA"] == "5C1E-aaa")
        #expect(answers["lookup 5c1e-a"]?.hasPrefix("\"5c1e-a\" matches 2 sessions") == true)
        #expect(answers["lookup É"] == "É-upper")
        #expect(answers["lookup é"] == "é-lower")
        #expect(answers["lookup A_B"] == "a_b%c")
        #expect(answers["lookup a%"] == StoreError.sessionNotFound("a%").description)
        #expect(answers["keys 5C1E"] == "5C1E-aaa 5c1e-abb")
        #expect(answers["keys é"] == "é-lower")
        #expect(answers["keys _"] == "")
        #expect(answers["keys all, 2"] == "5C1E-aaa 5c1e-abb")
        // A session that started at the very moment given is not before it.
        #expect(answers["prune before boundary"] == "É-upper kept 3 undated 1")
        #expect(answers["prune before just after"] == "É-upper 5c1e-abb 5C1E-aaa kept 1 undated 1")
        #expect(answers["prune keep 1 of 2.0"] == "É-upper 5c1e-abb kept 1 undated 1")
        #expect(answers["prune before just after keeping 1"] == "É-upper 5c1e-abb 5C1E-aaa kept 1 undated 1")
        #expect(answers["has touches"] == "true")
        #expect(answers["has keys"] == "false")
        #expect(answers["snapshot at 0"] == "2")
        #expect(answers["snapshot before it"] == "-1")
        #expect(answers["header line"] == "1 false false")
        #expect(answers["queued"] == "5")
        #expect(answers["renewed"] == "true")
        #expect(answers["renewed by another"] == "false")
        #expect(
            answers["jobs"]
                == "5C1E-aaa w false 1, 5c1e-abb - false 0, É-upper - false 0, é-lower - false 0, a_b%c - false 0")
        #expect(answers["completed"] == "true")
        #expect(answers["completed again"] == "false")
        #expect(answers["analysed"] == "5C1E-aaa")
        #expect(answers["stored"] == "outcome of 5C1E-aaa")
        #expect(answers["queued again"] == "0")
    }

    @Test(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipped))
    func postgresAnswersAsSQLiteDoes() throws {
        let scratch = try ScratchPostgresDatabase()
        let location = try #require(try PostgresLocation(url: scratch.url, environment: [:]))
        let postgres = try answers(ingested(try PostgresDatabase(location)))
        let sqlite = try answers(ingested(try TouchlogDatabase.inMemory()))
        #expect(postgres.count == sqlite.count)
        for (question, answer) in sqlite.sorted(by: { $0.key < $1.key }) {
            #expect(postgres[question] == answer, "\(question)")
        }
    }
}
