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
        #expect(
            captured.standardOutput.contains(
                "snapshot  seq \(outcome.snapshotSeq), t=0, in force at t=0 (frames in the superview's coordinates)\n"))
        #expect(throws: StoreError.self) { try ShowRun(session: "nope").run(store: reading(), output: captured.output) }
    }

    /// "What they missed most" #1 and item 9 of issue 27: `show --at` prints the state replay reaches then (first
    /// responder, keyboard and where it is, views named with identifiers and labels), each listing saying which
    /// coordinates its frames are in.
    @Test func showAtATimePrintsTheReplayedState() throws {
        _ = try ingest([Self.login])
        let typing = CapturedOutput()
        _ = try ShowRun(session: "3f2a", at: 3).run(store: reading(), output: typing.output)
        let text = typing.standardOutput
        #expect(text.contains("in force at t=3 (frames in the superview's coordinates)\n"))
        #expect(text.contains(#"  UITextField "Email" #login.email (emailField) (24, 310, 345, 44)"#))
        #expect(text.contains("\nreplayed  through line 8, at t=3 (frames in screen coordinates)\n"))
        #expect(
            text.contains(
                #"first responder: UITextField "Email" #login.email (emailField); keyboard up at [0, 516, 393, 336] (screen)"#
            ))
        let before = CapturedOutput()
        _ = try ShowRun(session: "3f2a", at: 1).run(store: reading(), output: before.output)
        #expect(before.standardOutput.contains("first responder: none; keyboard hidden"))
        let json = CapturedOutput()
        _ = try ShowRun(session: "3f2a", at: 3, format: .json).run(store: reading(), output: json.output)
        let value = try JSONReader.parse(json.standardOutput.trimmingCharacters(in: .newlines))
        #expect(value["replayed"]?["firstResponder"]?["id"]?.stringValue == "emailField")
        #expect(value["replayed"]?["firstResponder"]?["accessibilityLabel"]?.stringValue == "Email")
        #expect(value["replayed"]?["keyboard"]?["visible"]?.boolValue == true)
        #expect(value["replayed"]?["keyboard"]?["frame"]?["y"]?.doubleValue == 516)
        // Without a time nothing is replayed: the first snapshot is what there is.
        let first = CapturedOutput()
        _ = try ShowRun(session: "3f2a").run(store: reading(), output: first.output)
        #expect(!first.standardOutput.contains("replayed"))
    }

    /// "What they missed most" #3 of issue 27: `explain --format json` carries the facts the text prints.
    @Test func explainAsJSONCarriesWhatTheTextSays() throws {
        _ = try ingest([Self.reaction])
        let text = CapturedOutput()
        _ = try ExplainRun(session: "0B6D", at: 1.3, point: Point(290.5, 252)).run(
            store: reading(), output: text.output)
        let json = CapturedOutput()
        _ = try ExplainRun(session: "0B6D", at: 1.3, point: Point(290.5, 252), format: .json).run(
            store: reading(), output: json.output)
        let value = try JSONReader.parse(json.standardOutput.trimmingCharacters(in: .newlines))
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let hitName = try #require(value["hitTest"]?["hitView"]?["name"]?.stringValue)
        #expect(lines.contains("hit view: \(hitName)"))
        let chain = try #require(value["hitTest"]?["responderChain"]?.arrayValue).compactMap(\.stringValue)
        #expect(lines.contains("responder chain: " + chain.joined(separator: " > ")))
        #expect(chain.first == "messageContent2")
        // Every visit, in the order the text lists them, at the depth it is indented to.
        let visits = try #require(value["hitTest"]?["visits"]?.arrayValue)
        let start = try #require(lines.firstIndex { $0.hasPrefix("hit test at ") })
        let visitLines = Array(lines[(start + 1)..<(start + 1 + visits.count)])
        for (visit, line) in zip(visits, visitLines) {
            let name = try #require(visit["name"]?.stringValue)
            let depth = try #require(visit["depth"]?.intValue)
            #expect(line.hasPrefix(String(repeating: "  ", count: depth + 1) + name + " at "), "\(line)")
        }
        #expect(lines[start + 1 + visits.count].hasPrefix("hit view: "))
        let hierarchy = try #require(value["hierarchy"]?.arrayValue)
        #expect(lines.filter { $0.hasPrefix("  ") }.count >= hierarchy.count)
        #expect(value["replayedThroughLine"]?.intValue == 3 && value["t"]?.doubleValue == 1.3)
        #expect(value["keyboard"]?["visible"]?.boolValue == false)
    }

    /// Whether every line fits `width`, but for a line that is one word (a word wider than the line overflows it
    /// rather than being cut); colour codes take no column.
    static func fits(_ text: String, _ width: Int) -> Bool {
        text.split(separator: "\n").allSatisfy { line in
            let plain = line.replacingOccurrences(of: "\u{1B}[1;31m", with: "").replacingOccurrences(
                of: "\u{1B}[0m", with: "")
            return plain.count <= width || !plain.drop { $0 == " " }.contains(" ")
        }
    }

    /// Issue 27, item 6: the sessions table shortens ids where they stay unique, and each shortened id is one
    /// that commands take; it fits the width it is given.
    @Test func theSessionsTableShortensIdsAndFitsTheWidth() throws {
        _ = try ingest([Self.login, Self.reaction])
        let captured = CapturedOutput()
        _ = try SessionsRun().run(store: reading(), output: captured.output)
        let ids = captured.standardOutput.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) }
        #expect(ids.sorted() == ["0B6D2F81", "3F2A9C1E"])
        for id in ids { #expect(try reading().session(matching: id).key.hasPrefix(id)) }
        let whole = CapturedOutput()
        _ = try SessionsRun(format: .jsonl).run(store: reading(), output: whole.output)
        #expect(whole.standardOutput.contains(#""id":"3F2A9C1E-7B4D-4E0A-9C55-1D8E6B2F4A71""#))
        let narrow = CapturedOutput()
        _ = try SessionsRun(width: 80).run(store: reading(), output: narrow.output)
        #expect(narrow.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(narrow.standardOutput)")
        #expect(narrow.standardOutput.contains("…"))
        #expect(captured.standardOutput.split(separator: "\n").contains { $0.count > 80 })
    }

    @Test func idsAreShortenedAsFarAsTheyStayUnique() {
        let ids = [
            "3F2A9C1E-7B4D-4E0A", "3f2a9c1e-7c00-4E0A", "0B6D2F81-A4E7-4C39", "0B6D-ipad", "shortened-id",
            "shortened-id-2",
        ]
        let short = SessionIDAbbreviation.abbreviations(of: ids)
        #expect(short["0B6D2F81-A4E7-4C39"] == "0B6D2F81")
        // Same first 8 characters but for case: one more each, as matching ignores ASCII case.
        #expect(short["3F2A9C1E-7B4D-4E0A"] == "3F2A9C1E-7B" && short["3f2a9c1e-7c00-4E0A"] == "3f2a9c1e-7c")
        // Short ids stay whole, so does one that starts another (an exact id always matches), and the other needs
        // one character more than they share.
        #expect(short["0B6D-ipad"] == "0B6D-ipad")
        #expect(short["shortened-id"] == "shortened-id" && short["shortened-id-2"] == "shortened-id-")
    }

    /// Issue 27, item 6: the replay timeline fits the width it is given, and its divergences are in colour only
    /// when asked.
    @Test func theReplayTimelineFitsTheWidthAndColoursDivergences() throws {
        _ = try ingest([Self.reaction])
        let plain = CapturedOutput()
        let outcome = try ReplayRun(.matching(["0b6d"])).run(store: reading(), output: plain.output)
        #expect(outcome.divergences > 0)
        #expect(!plain.standardOutput.contains("\u{1B}["))
        #expect(!Self.fits(plain.standardOutput, 60))
        let styled = CapturedOutput()
        _ = try ReplayRun(.matching(["0b6d"]), style: FormatOptions(color: true, width: 60)).run(
            store: reading(), output: styled.output)
        #expect(Self.fits(styled.standardOutput, 60), "\(styled.standardOutput)")
        let red = styled.standardOutput.split(separator: "\n").filter { $0.hasPrefix("\u{1B}[1;31m   !  ") }
        #expect(red.count >= outcome.divergences)
    }

    @Test func explainFitsTheWidth() throws {
        _ = try ingest([Self.reaction])
        let whole = CapturedOutput()
        _ = try ExplainRun(session: "0B6D", at: 1.3, point: Point(290.5, 252)).run(
            store: reading(), output: whole.output)
        #expect(!Self.fits(whole.standardOutput, 70))
        let narrow = CapturedOutput()
        _ = try ExplainRun(session: "0B6D", at: 1.3, point: Point(290.5, 252), width: 70).run(
            store: reading(), output: narrow.output)
        #expect(Self.fits(narrow.standardOutput, 70), "\(narrow.standardOutput)")
    }

    @Test func showFitsTheWidth() throws {
        _ = try ingest([Self.login])
        let whole = CapturedOutput()
        _ = try ShowRun(session: "3f2a", at: 3).run(store: reading(), output: whole.output)
        #expect(!Self.fits(whole.standardOutput, 50))
        let narrow = CapturedOutput()
        _ = try ShowRun(session: "3f2a", at: 3, width: 50).run(store: reading(), output: narrow.output)
        #expect(Self.fits(narrow.standardOutput, 50), "\(narrow.standardOutput)")
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
        #expect(captured.standardOutput.contains("hit view: UITableViewCellContentView (messageContent2)"))
        #expect(captured.standardOutput.contains("responder chain: messageContent2 > messageCell2"))
    }
}
