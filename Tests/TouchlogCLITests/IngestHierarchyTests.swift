import Foundation
import Testing

/// `touchlog ingest --hierarchy`: a session-replay touch stream joined to the view hierarchy captured with it is
/// stored, replayed and hit-tested like a recording; misuse is refused as a usage error.
@Suite struct IngestHierarchyTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }
    static let joined = Touchlog.packageRoot.appendingPathComponent("Tests/TouchlogFormatTests/Importers/Joined")
    let touches = joined.appendingPathComponent("pixels-to-points/touches.json").path
    let hierarchy = joined.appendingPathComponent("pixels-to-points/hierarchy.json").path

    /// The id of the one session ingest said it stored.
    func storedSession(_ stderr: String) throws -> String {
        let start = try #require(stderr.range(of: "session \""))
        let rest = stderr[start.upperBound...]
        return String(rest.prefix { $0 != "\"" })
    }

    @Test func theJoinedTouchHitsTheButtonOfTheHierarchy() throws {
        let ingest = Touchlog.call(["ingest", "--db", db, "--from", "rrweb", touches, "--hierarchy", hierarchy])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(!ingest.stderr.contains("warning"), "\(ingest.stderr)")
        let session = try storedSession(ingest.stderr)
        let replay = Touchlog.call(["replay", "--db", db, session])
        #expect(replay.status == 0, "\(replay.stderr)")
        // (588, 2175) pixels of the 1179x2556 recording are (196, 725) points, inside the checkout button.
        #expect(replay.stdout.contains(#"touch 1 began at (196, 725) hit UIButton #checkout (path:0/0)"#))
        #expect(replay.stdout.contains("touch 1 ended at (196, 725) on UIButton #checkout (path:0/0)"))
    }

    @Test func withoutAFromTheHierarchySaysTheInputIsATouchStream() throws {
        let ingest = Touchlog.call(["ingest", "--db", db, touches, "--hierarchy", hierarchy])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let session = try storedSession(ingest.stderr)
        let replay = Touchlog.call(["replay", "--db", db, session])
        #expect(replay.stdout.contains("hit UIButton #checkout (path:0/0)"))
    }

    @Test func withoutAHierarchyIngestWarnsThatNothingCanBeHitTested() throws {
        let ingest = Touchlog.call(["ingest", "--db", db, "--from", "rrweb", touches])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stderr.contains("\(touches):1:1: warning: the touch stream carries no view hierarchy"))
        #expect(ingest.stderr.contains("blocked_tap"))
        let replay = Touchlog.call(["replay", "--db", db, try storedSession(ingest.stderr)])
        #expect(!replay.stdout.contains("UIButton"))
    }

    @Test func aMissingHierarchyIsAUsageError() throws {
        let missing = folder.path("nope.json")
        let ingest = Touchlog.call(["ingest", "--db", db, "--from", "rrweb", touches, "--hierarchy", missing])
        #expect(ingest.status == 64)
        #expect(ingest.stderr.contains("Cannot read the hierarchy \"\(missing)\" given to --hierarchy"))
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aHierarchyWithAnotherFormatIsAUsageError() throws {
        let ingest = Touchlog.call(["ingest", "--db", db, "--from", "sentry", touches, "--hierarchy", hierarchy])
        #expect(ingest.status == 64)
        #expect(ingest.stderr.contains("cannot be used with --from sentry"))
    }

    @Test func aRecordingGivenWithAHierarchyFailsWithTheImportersError() throws {
        let login = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path
        let ingest = Touchlog.call(["ingest", "--db", db, login, "--hierarchy", hierarchy])
        #expect(ingest.status == 1)
        #expect(ingest.stderr.contains("\(login):1:1: error: not readable as a session-replay touch stream (rrweb)"))
    }

    @Test func textGivenWithAHierarchyThatNoFormatClaimsIsReadAsAnXCTestLog() throws {
        // A session-replay stream is JSON; text beside a hierarchy is an XCTest log, whose error says what one holds.
        let notes = folder.path("notes.txt")
        try "The test tapped the wrong row.\nThen it stopped.\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let ingest = Touchlog.call(["ingest", "--db", db, notes, "--hierarchy", hierarchy])
        #expect(ingest.status == 1)
        #expect(ingest.stderr.contains("\(notes):1: error: not readable as an XCTest activity log"), "\(ingest.stderr)")
    }

    @Test func anXCTestActivityLogIsJoinedToTheTreeOfTheSameTestAndItsTapsHitTheirElements() throws {
        let log = Self.joined.appendingPathComponent("xctest-log-sign-in/touches.log").path
        let tree = Self.joined.appendingPathComponent("xctest-log-sign-in/hierarchy.txt").path
        let ingest = Touchlog.call(["ingest", "--db", db, log, "--hierarchy", tree])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        // The tap that failed (line 27) and the swipe (line 35) are warnings at their lines, not touches.
        #expect(ingest.stderr.contains("\(log):27:1: warning: \"Tap \"Forgot password?\" Link\""), "\(ingest.stderr)")
        #expect(ingest.stderr.contains("\(log):35:1: warning: \"Swipe up \"list\" Table\""), "\(ingest.stderr)")
        let replay = Touchlog.call(["replay", "--db", db, try storedSession(ingest.stderr)])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("touch 2 began at (195, 375) hit UIButton"), "\(replay.stdout)")
    }

    @Test func anXCTestActivityLogWithoutAHierarchyIsRefusedSayingWhatToPass() throws {
        let log = Self.joined.appendingPathComponent("xctest-log-sign-in/touches.log").path
        let ingest = Touchlog.call(["ingest", "--db", db, log])
        #expect(ingest.status == 1)
        #expect(ingest.stderr.contains("\(log):9:1: error: not readable as an XCTest activity log"), "\(ingest.stderr)")
        #expect(ingest.stderr.contains("--hierarchy"))
    }

    @Test func aHierarchyThatIsNoDumpFailsTheFile() throws {
        let ingest = Touchlog.call(["ingest", "--db", db, "--from", "rrweb", touches, "--hierarchy", touches])
        #expect(ingest.status == 1)
        #expect(ingest.stderr.contains("is not a view-hierarchy dump touchlog imports"))
    }

    /// The demo's pair (sample-logs/README.md): both taps on Add to cart land on the invisible toast in front of it.
    @Test func theSampleTouchStreamJoinedToItsHierarchyReportsTheBlockedTaps() throws {
        let samples = Touchlog.packageRoot.appendingPathComponent("sample-logs")
        let ingest = Touchlog.call([
            "ingest", "--db", db, samples.appendingPathComponent("replay-toast-touches.json").path, "--hierarchy",
            samples.appendingPathComponent("replay-toast-view-hierarchy.json").path,
        ])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let report = Touchlog.call(["report", "--db", db, "--format", "summary"])
        #expect(report.stdout.contains("error   blocked_tap  UIButton #pdp.addToCart: 1 finding in 1 session"))
        let text = Touchlog.call(["report", "--db", db])
        #expect(text.stdout.contains("2 taps inside UIButton #pdp.addToCart never reached it"))
        #expect(text.stdout.contains("Shop.ToastView #toast.savedToWishlist"))
    }
}
