import Foundation
import Testing

@testable import TouchlogStore

/// `touchlog delete`: what it names goes, with every row; what it does not name stays; a dry run changes nothing.
@Suite struct DeleteCommandTests {
    @Test func deletesWhatItNamesInAnyCaseAndSaysWhatWent() throws {
        let store = try FourSessions()
        let before = try store.tableCounts()
        let result = try store.run(["delete", "5c1e", "0b6d-IPAD"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        try expectGolden(result.stdout, "delete.txt")
        #expect(try store.keys() == ["7A20-old", "7a21-undated"])
        // Each session of the fixture is 10 records, 4 of them touches.
        #expect(
            try store.tableCounts() == [
                "session": before["session"]! - 2, "record": before["record"]! - 12, "touch": before["touch"]! - 8,
                "rejected_line": before["rejected_line"]!,
            ])
    }

    @Test func aDryRunListsWhatWouldGoAndChangesNothing() throws {
        let store = try FourSessions()
        let before = try store.tableCounts()
        let result = try store.run(["delete", "--dry-run", "7A20", "0B6D"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "delete-dry-run.txt")
        #expect(try store.tableCounts() == before)
    }

    @Test func rejectedLinesGoWithTheirSession() throws {
        let store = try FourSessions(broken: true)
        #expect(try store.tableCounts()["rejected_line"] == 2)
        let result = try store.run(["delete", "broken", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"dryRun":false,"sessions":[{"id":"broken","#))
        #expect(result.stdout.hasSuffix(#""removed":{"sessions":1,"records":2,"touches":0,"rejectedLines":2}}"# + "\n"))
        #expect(try store.tableCounts()["rejected_line"] == 0)
        #expect(try store.keys().count == 4)
    }

    /// "7a2" starts two ids, in two cases: both are listed, and nothing is deleted, not even the session before it.
    @Test func anAmbiguousPrefixListsTheCandidatesAndDeletesNothing() throws {
        let store = try FourSessions()
        let result = try store.run(["delete", "5C1E", "7a2"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                touchlog: error: "7a2" matches 2 sessions; give more of the session id:
                  7A20-old      2.2.0  2025-03-02T08:00:00.000Z
                  7a21-undated  2.2.0  -

                """)
        #expect(try store.keys().count == 4)
        let unknown = try store.run(["delete", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no session matches \"nope\""))
    }

    @Test func aMissingDatabaseIsNotCreated() throws {
        let folder = TemporaryFolder()
        for arguments in [["delete", "x"], ["delete", "--dry-run", "x"], ["prune", "--keep", "1"], ["vacuum"]] {
            let result = Touchlog.call(arguments + ["--db", folder.path("none.sqlite")])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("touchlog: error: there is no database at"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func noSessionIsAUsageError() throws {
        let store = try FourSessions()
        let result = try store.run(["delete"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Give at least one session id to delete."))
    }

    /// Another process holds the write lock: delete waits, says so, and Ctrl-C stops it with nothing deleted.
    @Test func ctrlCWhileWaitingForAnotherWriterDeletesNothing() throws {
        let store = try FourSessions()
        let holder = try TouchlogDatabase(path: store.db)
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            try? holder.raw.holdingWriteLock {
                holding.signal()
                release.wait()
            }
            done.signal()
        }.start()
        holding.wait()
        defer {
            release.signal()
            done.wait()
        }
        let err = store.folder.path("delete.err")
        try Data().write(to: URL(fileURLWithPath: err))
        let process = Touchlog.process(["delete", "5C1E", "--db", store.db])
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The notice comes after a second of waiting; wait for it (not for a time) before interrupting.
        while process.isRunning, !(try String(contentsOfFile: err, encoding: .utf8)).contains("waiting for another") {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let stderr = try String(contentsOfFile: err, encoding: .utf8)
        #expect(process.terminationStatus == 130)
        #expect(
            stderr
                == "touchlog: waiting for another process writing to \"\(store.db)\" to finish (Ctrl-C stops)\ntouchlog: delete interrupted by SIGINT; nothing was deleted\n"
        )
        // Read while the other writer still holds its lock: readers do not wait in WAL mode.
        #expect(try store.keys().count == 4)
    }
}
