import Foundation
import ResponderCore
import Testing
import TouchlogFormat
import TouchlogReplay
import TouchlogStore

@testable import TouchlogPipeline

/// The commands' frontends called as a library, with typed options, on a store opened here: what each writes, and
/// the typed outcome it returns. (TouchlogCLITests drives the same frontends from command lines.)
@Suite struct CommandFrontendTests {
    let folder: URL
    let db: String
    static let login = packageRoot.appendingPathComponent("sample-logs/01-login-background-tap.jsonl").path
    static let reaction = packageRoot.appendingPathComponent("sample-logs/05-reaction-bar-hit-test-override.jsonl")
        .path

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("frontends-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        db = folder.appendingPathComponent("t.sqlite").path
    }

    /// Ingests `paths` through ``IngestRun``, as `touchlog ingest --quiet` does.
    func ingest(_ paths: [String], keepGoing: Bool = false) throws -> IngestRun.Outcome {
        let store = try openStore(StoreLocation(db), for: .writing)
        var options = IngestOptions()
        options.keepGoing = keepGoing
        let captured = CapturedOutput()
        let outcome = IngestRun(paths.map(IngestSource.file), options: options, quiet: true).run(
            store: store, interruption: Interruption(), output: captured.output)
        #expect(captured.standardOutput.isEmpty)
        return outcome
    }

    func reading() throws -> any SessionReading { try openStore(StoreLocation(db), for: .reading) }
    func changing() throws -> any SessionHousekeeping { try openStore(StoreLocation(db), for: .changing) }

    @Test func ingestCountsWhatItStoredAndWhatFailed() throws {
        let missing = folder.appendingPathComponent("missing.jsonl").path
        let outcome = try ingest([Self.login, missing])
        #expect(outcome.status == .failure)
        #expect(outcome.summary.stored == 1 && outcome.summary.failedFiles == 1 && outcome.summary.files == 2)
        #expect(outcome.summary.storedFiles == [Self.login])
        let again = try ingest([Self.login])
        #expect(again.status == .ok && again.summary.unchanged == 1 && again.summary.stored == 0)
    }

    /// A signal before the first file: nothing is started, the run says so even when quiet, and the status is
    /// 128 + the signal's number.
    @Test func anInterruptedIngestStartsNothingMoreAndSaysWhatWasStored() throws {
        let interruption = Interruption()
        interruption.receive(SIGTERM)
        let captured = CapturedOutput()
        let outcome = IngestRun([.file(Self.login)], quiet: true).run(
            store: try openStore(StoreLocation(db), for: .writing), interruption: interruption,
            output: captured.output)
        #expect(outcome.status == ExitStatus(code: 143))
        #expect(outcome.summary.notStarted == [Self.login])
        #expect(
            captured.standardError == "ingest: interrupted by SIGTERM; stored: none; not started: \(Self.login)\n")
        #expect(try reading().sessions().isEmpty)
    }

    @Test func sessionsListsWhatTheFiltersKeep() throws {
        _ = try ingest([Self.login, Self.reaction])
        let captured = CapturedOutput()
        let outcome = try SessionsRun(device: "iphone15", limit: 1, format: .jsonl).run(
            store: reading(), output: captured.output)
        #expect(outcome.sessions.map(\.key) == ["0B6D2F81-A4E7-4C39-9D15-7F3E0A8B5C62"])
        #expect(captured.standardOutput.hasPrefix(#"{"id":"0B6D2F81-A4E7-4C39-9D15-7F3E0A8B5C62","#))
        #expect(captured.standardError.isEmpty)
        let none = CapturedOutput()
        #expect(try SessionsRun(appVersion: "0").run(store: reading(), output: none.output).sessions.isEmpty)
        #expect(none.standardOutput.isEmpty)
        #expect(none.standardError.hasPrefix("none of the 2 sessions stored in \(db) matches --app-version \"0\""))
    }

    @Test func showPrintsTheSnapshotInForce() throws {
        _ = try ingest([Self.login])
        let captured = CapturedOutput()
        let outcome = try ShowRun(session: "3f2a", at: 0).run(store: reading(), output: captured.output)
        #expect(outcome.session.key == "3F2A9C1E-7B4D-4E0A-9C55-1D8E6B2F4A71")
        #expect(captured.standardOutput.hasPrefix("session   3F2A9C1E-7B4D-4E0A-9C55-1D8E6B2F4A71 (touchlog/1)\n"))
        #expect(captured.standardOutput.contains("snapshot  seq \(outcome.snapshotSeq), t=0, in force at t=0\n"))
        #expect(throws: StoreError.self) { try ShowRun(session: "nope").run(store: reading(), output: captured.output) }
    }

    /// A failure the frontend throws is said as the CLI says it, with the status it exits with.
    @Test func aFailureIsReportedWithItsStatus() throws {
        _ = try ingest([Self.login])
        let captured = CapturedOutput()
        let status = try captured.output.reportingFailures {
            try ShowRun(session: "nope").run(store: reading(), output: captured.output).status
        }
        #expect(status == .database)
        #expect(
            captured.standardError
                == "touchlog: error: no session matches \"nope\"; run `touchlog sessions` to list the stored sessions\n"
        )
    }

    @Test func deleteAndPruneReturnWhatWent() throws {
        _ = try ingest([Self.login, Self.reaction])
        let dry = CapturedOutput()
        let listed = try DeleteRun(sessions: ["3f2a"], dryRun: true).run(
            store: changing(), interruption: nil, output: dry.output)
        #expect(listed.status == .ok && listed.removal?.dryRun == true && listed.removal?.sessions.count == 1)
        #expect(dry.standardOutput.contains("would delete 1 session"))
        #expect(try reading().sessions().count == 2)
        let captured = CapturedOutput()
        let deleted = try DeleteRun(sessions: ["3F2A"], format: .json).run(
            store: changing(), interruption: Interruption(), output: captured.output)
        #expect(deleted.removal?.sessions.map(\.session.key) == ["3F2A9C1E-7B4D-4E0A-9C55-1D8E6B2F4A71"])
        #expect(captured.standardOutput.hasPrefix(#"{"dryRun":false,"sessions":[{"id":"3F2A9C1E"#))
        let pruned = try PruneRun(PruneCriteria(.keepNewest(0))).run(
            store: changing(), interruption: Interruption(), output: CommandOutput.discarding)
        #expect(pruned.result?.removal.sessions.count == 1 && pruned.result?.kept == 0)
        #expect(try reading().sessions().isEmpty)
        let vacuumed = try VacuumRun().run(
            store: changing(), interruption: Interruption(), output: CommandOutput.discarding)
        #expect(vacuumed.status == .ok)
        #expect(vacuumed.result.map { $0.bytesReclaimed == $0.bytesBefore - $0.bytesAfter } == true)
    }

    @Test func replayCountsDivergencesAndFailsOnThemWhenAsked() throws {
        _ = try ingest([Self.reaction])
        let captured = CapturedOutput()
        let outcome = try ReplayRun(.matching(["0b6d"]), format: .summary).run(
            store: reading(), output: captured.output)
        #expect(outcome.divergences == 2 && outcome.failedSessions == 0 && outcome.status == .ok)
        #expect(captured.standardOutput.contains("9 input records replayed, 2 divergences, 0 warnings"))
        let failing = try ReplayRun(.all, format: .summary, failOnDivergence: true).run(
            store: reading(), output: CommandOutput.discarding)
        #expect(failing.status == .failure)
        let compared = CapturedOutput()
        _ = try ReplayRun(.all, comparePolicy: .dismissOnOutsideTouch).run(store: reading(), output: compared.output)
        #expect(compared.standardOutput.hasPrefix("session 0B6D2F81-A4E7-4C39-9D15-7F3E0A8B5C62: without and with"))
    }

    @Test func explainNamesTheHitViewAndTheChain() throws {
        _ = try ingest([Self.reaction])
        let captured = CapturedOutput()
        let status = try ExplainRun(session: "0B6D", at: 1.3, point: Point(290.5, 252)).run(
            store: reading(), output: captured.output)
        #expect(status == .ok)
        #expect(captured.standardOutput.contains("hit view: messageContent2 (UITableViewCellContentView)"))
        #expect(captured.standardOutput.contains("responder chain: messageContent2 > messageCell2"))
    }
}
