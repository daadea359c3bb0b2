import ArgumentParser
import Foundation
import Testing
import TouchlogReplay

@testable import TouchlogCLI

/// `touchlog replay` and `touchlog explain` through the binary: output, errors, exit codes; --help pinned.
@Suite struct ReplayCommandTests {
    @Test(arguments: ["replay", "explain"])
    func helpIsPinned(command: String) throws {
        let type: any ParsableCommand.Type = command == "replay" ? ReplayCommand.self : ExplainCommand.self
        try expectGolden(TouchlogCommand.helpMessage(for: type, columns: 100), "help-\(command).txt")
    }

    func database() throws -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        let db = folder.path("db.sqlite")
        let sample = Touchlog.packageRoot.appendingPathComponent("sample-logs/05-reaction-bar-hit-test-override.jsonl")
            .path
        let result = Touchlog.call(["ingest", "--quiet", "--db", db, sample])
        #expect(result.status == 0)
        return (folder, db)
    }

    @Test func jsonlIsDeterministicAndFailOnDivergenceExitsOne() throws {
        let (folder, db) = try database()
        _ = folder
        let a = Touchlog.call(["replay", "--db", db, "0B6D", "--format", "jsonl"])
        let b = Touchlog.call(["replay", "--db", db, "0B6D", "--format", "jsonl", "--no-store"])
        #expect(a.status == 0 && a.stdout == b.stdout)
        #expect(a.stdout.hasPrefix(#"{"seq":2,"t":0,"type":"snapshot","delivered":[]"#))
        let ci = Touchlog.call(["replay", "--db", db, "0B6D", "--fail-on-divergence"])
        #expect(ci.status == 1)
        #expect(ci.stdout.contains("!  hitView: model \"messageContent2\", recorded \"reactionBar\""))
    }

    @Test func errorsAreClearWithExitCodes() throws {
        let (folder, db) = try database()
        _ = folder
        let missing = Touchlog.call(["replay", "--db", db, "FFFF"])
        #expect(missing.status == 2 && missing.stderr.contains("no session matches \"FFFF\""))
        let policy = Touchlog.call(["replay", "--db", db, "0B6D", "--policy", "+dismiss-on-tap"])
        #expect(policy.status == 64 && policy.stderr.contains("valid policies are dismiss-on-outside-touch"))
        let none = Touchlog.call(["replay", "--db", folder.path("none.sqlite"), "--all"])
        #expect(none.status == 2)
        let point = Touchlog.call(["explain", "--db", db, "0B6D", "--at", "1", "--point", "12"])
        #expect(point.status == 64 && point.stderr.contains("--point must be X,Y"))
    }

    /// `--format html`: one session's page on standard output; several sessions, --all or --explain are refused.
    @Test func htmlWritesOnePageOfOneSession() throws {
        let (folder, db) = try database()
        _ = folder
        let page = Touchlog.call(["replay", "--db", db, "0B6D", "--format", "html"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>") && page.stdout.hasSuffix("</html>\n"))
        #expect(page.stdout.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"screen\""))
        #expect(page.stdout.contains("\"session\":\"0B6D2F81-A4E7-4C39-9D15-7F3E0A8B5C62\""))
        let all = Touchlog.call(["replay", "--db", db, "--all", "--format", "html"])
        #expect(all.status == 64 && all.stderr.contains("--format html makes the page of one session"))
        let explain = Touchlog.call(["replay", "--db", db, "0B6D", "--format", "html", "--explain"])
        #expect(explain.status == 64 && explain.stderr.contains("leave out --explain"))
        let missing = Touchlog.call(["replay", "--db", db, "FFFF", "--format", "html"])
        #expect(missing.status == 2 && missing.stdout.isEmpty)
    }

    @Test func explainPrintsTheHitTestAndChain() throws {
        let (folder, db) = try database()
        _ = folder
        let r = Touchlog.call(["explain", "--db", db, "0B6D", "--at", "1.3", "--point", "290.5,252"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("hit view: UITableViewCellContentView (messageContent2)"))
        #expect(r.stdout.contains("responder chain: messageContent2 > messageCell2"))
    }
}

/// Bad data through the binary: a session whose snapshot was rejected (kept with --keep-going) cannot be replayed.
@Suite struct ReplayBadDataTests {
    @Test func aSessionWithoutSnapshotExitsTwoNamingIt() throws {
        let folder = TemporaryFolder()
        let file = folder.path("bad.jsonl")
        let lines = [
            #"{"type":"session","format":"touchlog/1","session":"NOSNAP-1"}"#,
            #"{"type":"snapshot","t":0,"windows":"oops"}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let db = folder.path("db.sqlite")
        _ = Touchlog.call(["ingest", "--quiet", "--keep-going", "--db", db, file])
        let r = Touchlog.call(["replay", "--db", db, "NOSNAP"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("session \"NOSNAP-1\" has no snapshot"))
        // With --all, the other sessions still replay; the status still says one failed.
        let sample = Touchlog.packageRoot.appendingPathComponent("sample-logs/01-login-background-tap.jsonl").path
        _ = Touchlog.call(["ingest", "--quiet", "--db", db, sample])
        let all = Touchlog.call(["replay", "--db", db, "--all", "--format", "jsonl"])
        #expect(all.status == 2)
        #expect(all.stdout.contains(#""session":"3F2A9C1E-7B4D-4E0A-9C55-1D8E6B2F4A71""#))
        #expect(all.stderr.contains("NOSNAP-1"))
    }

    @Test func textTimelineMarksDivergencesAndExplains() throws {
        let folder = TemporaryFolder()
        let db = folder.path("db.sqlite")
        let sample = Touchlog.packageRoot.appendingPathComponent("sample-logs/05-reaction-bar-hit-test-override.jsonl")
            .path
        _ = Touchlog.call(["ingest", "--quiet", "--db", db, sample])
        let r = Touchlog.call(["replay", "--db", db, "0B6D", "--explain", "--trust", "observed"])
        #expect(r.status == 0)
        #expect(
            r.stdout.contains(
                #"touch 1 began at (290.5, 252) hit UITableViewCellContentView (messageContent2), bound to Chat.ReactionBarButton "Add reaction" #chat.reactionBar (reactionBar)"#
            ))
        #expect(r.stdout.contains("      | hit view: UITableViewCellContentView (messageContent2)"))
        #expect(r.stdout.contains("9 input records replayed, 1 divergence, 0 warnings"))
    }
}
