import Foundation
import Testing
import TouchlogReport
import TouchlogStore
import TouchlogTestSupport

/// `touchlog worker` and `report` reading what workers stored, against either store: the same checks run on an
/// SQLite file (``WorkerSQLiteTests``) and on a PostgreSQL database of its own (``WorkerPostgresTests``).
struct WorkerChecks {
    let folder = TemporaryFolder()

    /// The fingerprint a worker and a report with no configuration file use.
    static let defaultFingerprint = AnalysisFingerprint(
        configuration: ReportConfiguration(), scenes: AnalysisFingerprint.workerKeepsScenes
    ).key

    /// Into PostgreSQL through the binary: its ingest blocks the calling thread on COPYs that run as Swift tasks, and
    /// a test runs on the tasks' own thread pool, which two such ingests at once can fill (2 cores: 2 threads), so
    /// the COPYs never run. The binary ingests on its main thread.
    func ingest(_ db: String, _ paths: [String]) throws {
        let arguments = ["ingest", "--quiet", "--db", db] + paths
        let result = db.hasPrefix("postgres") ? try Touchlog.run(arguments) : Touchlog.call(arguments)
        try #require(result.status == 0, "\(result.stderr)")
    }

    func store(_ db: String) throws -> any SessionStore {
        try openStore(StoreLocation(db), for: .changing)
    }

    func worker(_ db: String, _ extra: [String] = []) throws -> Touchlog.Result {
        try Touchlog.run(["worker", "--db", db, "--no-config", "--exit-when-idle", "--quiet"] + extra)
    }

    /// "analysed N sessions…" → N.
    static func analysed(_ summary: String) -> Int? {
        let words = summary.split(separator: " ")
        guard words.count >= 2, words[0] == "analysed" else { return nil }
        return Int(words[1])
    }

    /// Claims skip jobs others hold; a lease is renewed only by its owner; a lapsed lease is taken by another
    /// worker, after which the first can neither renew nor complete; a job completes once.
    func claimLeaseExpiryAndRenewal(_ db: String) throws {
        try ingest(db, Array(PostgresStoreTests.samples.prefix(2)))
        let store = try store(db)
        let fingerprint = "claim-test"
        #expect(try store.enqueueAnalyses(fingerprint: fingerprint) == store.sessionCount())
        #expect(try store.enqueueAnalyses(fingerprint: fingerprint) == 0, "queued twice")
        let a = JobLease(owner: "a", seconds: 60)
        let b = JobLease(owner: "b", seconds: 60)
        guard case .claimed(let first) = try store.claimAnalysis(fingerprint: fingerprint, lease: a),
            case .claimed(let second) = try store.claimAnalysis(fingerprint: fingerprint, lease: b)
        else {
            Issue.record("two jobs, two claims")
            return
        }
        #expect(first.sessionRowID != second.sessionRowID)
        // The other sessions' jobs, claimed and done by a third worker.
        let c = JobLease(owner: "c", seconds: 60)
        while case .claimed(let other) = try store.claimAnalysis(fingerprint: fingerprint, lease: c) {
            #expect(![first.sessionRowID, second.sessionRowID].contains(other.sessionRowID))
            #expect(try store.completeAnalysis(other, lease: c, outcome: "other"))
        }
        #expect(try store.claimAnalysis(fingerprint: fingerprint, lease: a) == .leasedElsewhere)
        #expect(try store.renewLease(first, lease: a))
        #expect(try !store.renewLease(first, lease: b), "renewed another worker's lease")
        #expect(try !store.completeAnalysis(first, lease: b, outcome: "{}"), "completed another worker's job")
        #expect(try store.completeAnalysis(first, lease: a, outcome: "first"))
        #expect(try !store.completeAnalysis(first, lease: a, outcome: "again"), "completed twice")
        // b gives its job back; a short lease then lapses and another worker takes it.
        try store.releaseAnalysis(second, lease: b)
        let short = JobLease(owner: "short", seconds: 0.2)
        guard case .claimed(let taken) = try store.claimAnalysis(fingerprint: fingerprint, lease: short) else {
            Issue.record("a released job is claimable at once")
            return
        }
        #expect(taken.sessionRowID == second.sessionRowID)
        #expect(try store.claimAnalysis(fingerprint: fingerprint, lease: b) == .leasedElsewhere)
        // Observe the lapse in the queue (not a timed assertion: whenever it lapses, b may take the job).
        while try store.analysisJobs(fingerprint: fingerprint).first?.leaseExpired != true { usleep(20_000) }
        guard case .claimed(let retaken) = try store.claimAnalysis(fingerprint: fingerprint, lease: b) else {
            Issue.record("a lapsed lease is claimable")
            return
        }
        #expect(retaken.sessionRowID == second.sessionRowID)
        #expect(try store.analysisJobs(fingerprint: fingerprint).map(\.attempts) == [3])
        #expect(try !store.renewLease(taken, lease: short), "renewed a lease another worker took")
        #expect(try !store.completeAnalysis(taken, lease: short, outcome: "late"), "stored after losing the job")
        #expect(try store.completeAnalysis(retaken, lease: b, outcome: "second"))
        #expect(try store.claimAnalysis(fingerprint: fingerprint, lease: a) == AnalysisClaim.none)
        let analysed = try store.analysedSessions(
            fingerprint: fingerprint, sessionRowIDs: [first.sessionRowID, second.sessionRowID, 999_999])
        #expect(analysed == [first.sessionRowID, second.sessionRowID])
        #expect(try store.storedAnalysis(fingerprint: fingerprint, sessionRowID: first.sessionRowID) == "first")
        #expect(try store.storedAnalysis(fingerprint: fingerprint, sessionRowID: second.sessionRowID) == "second")
        #expect(try store.storedAnalysis(fingerprint: "other", sessionRowID: first.sessionRowID) == nil)
        #expect(
            try store.analysedSessions(fingerprint: fingerprint, sessionRowIDs: store.sessions().map(\.rowID)).count
                == store.sessionCount())
        #expect(try store.analysedSessions(fingerprint: "other", sessionRowIDs: [first.sessionRowID]).isEmpty)
        #expect(try store.enqueueAnalyses(fingerprint: fingerprint) == 0, "a session with a result queued again")
        // Deleting a session takes its result with it.
        _ = try store.deleteSessions(matching: [first.sessionKey])
        #expect(try store.analysedSessions(fingerprint: fingerprint, sessionRowIDs: [first.sessionRowID]).isEmpty)
    }

    /// Two worker processes at once over every sample: each session analysed by exactly one of them.
    func twoWorkersAnalyseEachSessionOnce(_ db: String) throws {
        try ingest(db, PostgresStoreTests.samples)
        let store = try store(db)
        let sessions = try store.sessions()
        let outputs = [folder.path("w1.out"), folder.path("w2.out")]
        let processes = outputs.map { output in
            let process = Touchlog.process([
                "worker", "--db", db, "--no-config", "--exit-when-idle", "--quiet", "--lease", "30", "--poll", "0.2",
            ])
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: output)
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let counts = try outputs.map { try #require(Self.analysed(try String(contentsOfFile: $0, encoding: .utf8))) }
        #expect(counts.reduce(0, +) == sessions.count, "\(counts)")
        let stored = try store.analysedSessions(
            fingerprint: Self.defaultFingerprint, sessionRowIDs: sessions.map(\.rowID))
        #expect(stored.count == sessions.count)
        #expect(try store.analysisJobs(fingerprint: Self.defaultFingerprint).isEmpty)
        // Nothing is left for a third.
        let third = try worker(db)
        #expect(third.status == 0)
        #expect(Self.analysed(third.stdout) == 0, "\(third.stdout)")
    }

    /// Every sample: report in json, html and markdown is byte for byte the same before a worker ran (every session
    /// replayed by report) and after (every session read from the stored results).
    func reportWithStoredResultsIsTheSame(_ db: String) throws {
        try ingest(db, PostgresStoreTests.samples)
        let formats = [["--format", "json"], ["--format", "html"], ["--format", "markdown"], ["--format", "text"]]
        func reports() throws -> [Touchlog.Result] {
            formats.map { Touchlog.call(["report", "--db", db, "--no-config"] + $0) }
        }
        let before = try reports()
        let run = try worker(db)
        #expect(run.status == 0, "\(run.stderr)")
        let store = try store(db)
        let sessions = try store.sessions()
        #expect(Self.analysed(run.stdout) == sessions.count, "\(run.stdout)")
        #expect(
            try store.analysedSessions(fingerprint: Self.defaultFingerprint, sessionRowIDs: sessions.map(\.rowID)).count
                == sessions.count)
        let after = try reports()
        for (format, (old, new)) in zip(formats, zip(before, after)) {
            #expect(!old.stdout.isEmpty)
            #expect(old.status == new.status, "\(format)")
            #expect(old.stdout == new.stdout, "\(format) differs with stored results")
            #expect(old.stderr == new.stderr, "\(format)")
        }
        // A filtered report reads the stored, unfiltered findings and filters them as it would its own.
        let filtered = ["--min-severity", "error", "--format", "json"]
        let withStored = Touchlog.call(["report", "--db", db, "--no-config"] + filtered)
        let rule = ["--rule", "blocked_tap", "--format", "json"]
        let withRule = try Touchlog.run(["report", "--db", db, "--no-config"] + rule)
        let plain = folder.path("plain.sqlite")
        try ingest(plain, PostgresStoreTests.samples)
        #expect(withStored.stdout == (try Touchlog.run(["report", "--db", plain, "--no-config"] + filtered)).stdout)
        #expect(withRule.stdout == (try Touchlog.run(["report", "--db", plain, "--no-config"] + rule)).stdout)
    }

    /// A result stored under the report's fingerprint is what the report shows (planted here, so the test can tell
    /// it was read); under another configuration's fingerprint it is ignored.
    func storedResultsAreReadOnlyForTheirFingerprint(_ db: String) throws {
        try ingest(db, [PostgresStoreTests.samples[0]])
        let store = try store(db)
        let session = try #require(try store.sessions().first)
        try store.enqueueAnalyses(fingerprint: Self.defaultFingerprint)
        let lease = JobLease(owner: "test", seconds: 60)
        guard case .claimed(let job) = try store.claimAnalysis(fingerprint: Self.defaultFingerprint, lease: lease)
        else {
            Issue.record("nothing to claim")
            return
        }
        let planted = Finding(
            ruleID: try #require(RuleRegistry.rule(named: "unhandled_action")).id, severity: .error,
            session: SessionRef(id: session.key), span: TimeSpan(1, 2),
            records: [2], views: [ViewRef(id: "v1", className: "PlantedView")],
            explanation: "A planted finding that no rule made.")
        #expect(try store.completeAnalysis(job, lease: lease, outcome: StoredOutcome.analyzed([planted]).encoded()))
        let report = try Touchlog.run(["report", "--db", db, "--no-config", "--format", "json"])
        #expect(report.stdout.contains("A planted finding that no rule made."))
        // Another configuration (a rule's severity changed) has another fingerprint: the result is not used.
        let config = folder.path("touchlog.yml")
        try "unhandled_action:\n  severity: warning\n".write(toFile: config, atomically: true, encoding: .utf8)
        let configured = try Touchlog.run(["report", "--db", db, "--config", config, "--format", "json"])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(!configured.stdout.contains("planted"))
        #expect(!configured.stdout.contains("PlantedView"))
    }

    /// The first sample's header and snapshot, then taps enough to keep a worker busy for a few seconds.
    func longSession() throws -> String {
        let sample = try String(contentsOfFile: PostgresStoreTests.samples[0], encoding: .utf8).split(separator: "\n")
        var lines = sample.prefix(2).map(String.init)
        for index in 0..<60_000 {
            let t = 1.0 + Double(index) / 1000
            let phase = ["began", "moved", "moved", "ended"][index % 4]
            lines.append(
                #"{"type":"touch","t":\#(t),"touch":\#(index / 4),"phase":"\#(phase)","x":151.25,"y":331.5,"window":"loginWindow"}"#
            )
        }
        let long = folder.path("long.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: long, atomically: true, encoding: .utf8)
        return long
    }

    /// Waits until a worker's claim on the only job shows in the queue (failing if the worker ended or the session
    /// was analysed first).
    func waitForClaim(_ store: any SessionStore, by process: Process) throws {
        while try store.analysisJobs(fingerprint: Self.defaultFingerprint).first?.leaseOwner == nil {
            try #require(process.isRunning, "the worker ended before claiming")
            let done = try store.analysedSessions(
                fingerprint: Self.defaultFingerprint, sessionRowIDs: try store.sessions().map(\.rowID))
            try #require(done.isEmpty, "the session was analysed before the worker could be stopped: make it longer")
            usleep(20_000)
        }
    }

    /// The fault test: a worker killed (SIGKILL) in the middle of a long session keeps its lease until it lapses;
    /// a second worker then finishes the session. One result, and the report is the one made without workers.
    func aKilledWorkersSessionIsFinishedByAnother(_ db: String) throws {
        let long = try longSession()
        try ingest(db, [long])
        let expected = try Touchlog.run(["report", "--db", db, "--no-config", "--format", "json"])
        let store = try store(db)
        let first = Touchlog.process(["worker", "--db", db, "--no-config", "--quiet", "--lease", "2"])
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        // Wait until its claim shows in the queue, then kill it mid-session.
        try waitForClaim(store, by: first)
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let jobs = try store.analysisJobs(fingerprint: Self.defaultFingerprint)
        #expect(jobs.count == 1 && jobs[0].leaseOwner != nil, "the killed worker's job is still leased")
        let sessions = try store.sessions()
        #expect(
            try store.analysedSessions(fingerprint: Self.defaultFingerprint, sessionRowIDs: sessions.map(\.rowID))
                .isEmpty
        )
        let second = try worker(db, ["--lease", "2", "--poll", "0.2"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.analysed(second.stdout) == 1, "\(second.stdout)")
        #expect(
            try store.analysedSessions(fingerprint: Self.defaultFingerprint, sessionRowIDs: sessions.map(\.rowID)).count
                == 1)
        #expect(try store.analysisJobs(fingerprint: Self.defaultFingerprint).isEmpty)
        let report = try Touchlog.run(["report", "--db", db, "--no-config", "--format", "json"])
        #expect(report.stdout == expected.stdout)
    }
}

@Suite struct WorkerSQLiteTests {
    let checks = WorkerChecks()
    var db: String { checks.folder.path("worker.sqlite") }

    @Test func claimLeaseExpiryAndRenewal() throws { try checks.claimLeaseExpiryAndRenewal(db) }
    @Test func twoWorkersAnalyseEachSessionOnce() throws { try checks.twoWorkersAnalyseEachSessionOnce(db) }
    @Test func reportWithStoredResultsIsTheSame() throws { try checks.reportWithStoredResultsIsTheSame(db) }
    @Test func storedResultsAreReadOnlyForTheirFingerprint() throws {
        try checks.storedResultsAreReadOnlyForTheirFingerprint(db)
    }
    // A killed worker's session finished by another: on SQLite, TouchlogPipelineTests' WorkerRunTests moves the
    // lease's clock instead of racing a real one; PostgreSQL's leases run on the server's clock, so
    // WorkerPostgresTests keeps the real-time check with SIGKILL.

    /// SIGTERM in the middle of a session: the worker gives it back (no owner, claimable at once), says so in its
    /// summary and exits 0; nothing is stored.
    @Test func aSignalMidSessionGivesTheSessionBack() throws {
        try checks.ingest(db, [try checks.longSession()])
        let store = try checks.store(db)
        let process = Touchlog.process(["worker", "--db", db, "--no-config", "--quiet", "--lease", "60"])
        let output = checks.folder.path("out")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        try checks.waitForClaim(store, by: process)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "analysed 0 sessions; gave 1 back unfinished\n")
        let jobs = try store.analysisJobs(fingerprint: WorkerChecks.defaultFingerprint)
        #expect(jobs.count == 1 && jobs[0].leaseOwner == nil)
        #expect(
            try store.analysedSessions(fingerprint: WorkerChecks.defaultFingerprint, sessionRowIDs: [1]).isEmpty)
    }

    /// Several threads in one worker: each session analysed once, all counted in its summary.
    @Test func aWorkerWithThreadsAnalysesEachSessionOnce() throws {
        try checks.ingest(db, PostgresStoreTests.samples)
        let run = try checks.worker(db, ["--threads", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let store = try checks.store(db)
        let sessions = try store.sessions()
        #expect(WorkerChecks.analysed(run.stdout) == sessions.count, "\(run.stdout)")
        #expect(
            try store.analysedSessions(
                fingerprint: WorkerChecks.defaultFingerprint, sessionRowIDs: sessions.map(\.rowID)
            )
            .count == sessions.count)
    }

    @Test func aMissingDatabaseExitsTwo() throws {
        let result = try Touchlog.run(["worker", "--db", checks.folder.path("none.sqlite"), "--exit-when-idle"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("none.sqlite"))
    }

    /// SIGTERM while waiting for work: the worker stops, prints its summary and exits 0.
    @Test func aSignalStopsAnIdleWorkerCleanly() throws {
        try checks.ingest(db, [PostgresStoreTests.samples[0]])
        let process = Touchlog.process(["worker", "--db", db, "--no-config", "--poll", "60"])
        let output = checks.folder.path("out")
        let errors = checks.folder.path("err")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        let store = try checks.store(db)
        // Idle once its one session is stored.
        while try store.analysedSessions(fingerprint: WorkerChecks.defaultFingerprint, sessionRowIDs: [1]).isEmpty {
            try #require(process.isRunning)
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "analysed 1 session\n")
        #expect(try String(contentsOfFile: errors, encoding: .utf8).contains("stopped by SIGTERM"))
    }
}

@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipped))
struct WorkerPostgresTests {
    let checks = WorkerChecks()

    @Test func claimLeaseExpiryAndRenewal() throws {
        let database = try ScratchPostgresDatabase()
        try checks.claimLeaseExpiryAndRenewal(database.url)
    }

    @Test func twoWorkersAnalyseEachSessionOnce() throws {
        let database = try ScratchPostgresDatabase()
        try checks.twoWorkersAnalyseEachSessionOnce(database.url)
    }

    @Test func reportWithStoredResultsIsTheSame() throws {
        let database = try ScratchPostgresDatabase()
        try checks.reportWithStoredResultsIsTheSame(database.url)
    }

    @Test func storedResultsAreReadOnlyForTheirFingerprint() throws {
        let database = try ScratchPostgresDatabase()
        try checks.storedResultsAreReadOnlyForTheirFingerprint(database.url)
    }

    @Test func aKilledWorkersSessionIsFinishedByAnother() throws {
        let database = try ScratchPostgresDatabase()
        try checks.aKilledWorkersSessionIsFinishedByAnother(database.url)
    }

    /// An idle worker waiting on LISTEN wakes when an ingest commits, and analyses the new session.
    @Test func anIngestWakesAnIdleWorker() throws {
        let database = try ScratchPostgresDatabase()
        try checks.ingest(database.url, [PostgresStoreTests.samples[0]])
        // A poll far longer than the test: only a notification can wake it.
        let process = Touchlog.process(["worker", "--db", database.url, "--no-config", "--quiet", "--poll", "3600"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        let store = try checks.store(database.url)
        func stored() throws -> Int {
            try store.analysedSessions(
                fingerprint: WorkerChecks.defaultFingerprint, sessionRowIDs: try store.sessions().map(\.rowID)
            ).count
        }
        while try stored() < store.sessionCount() {
            try #require(process.isRunning)
            usleep(20_000)
        }
        let before = try store.sessionCount()
        try checks.ingest(database.url, [PostgresStoreTests.samples[1]])
        let after = try store.sessionCount()
        try #require(after > before)
        // Only the notification can wake it before an hour; a minute's bound keeps a broken LISTEN from hanging
        // the suite.
        var looks = 0
        while try stored() < after {
            try #require(process.isRunning)
            looks += 1
            try #require(looks < 3000, "the ingest's NOTIFY did not wake the worker")
            usleep(20_000)
        }
        #expect(try stored() == after)
    }
}
