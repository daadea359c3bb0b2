import Foundation
import Testing

@testable import TouchlogStore

/// A kill -9 in the middle of a file leaves the database as it was before that file.
@Suite struct CrashSafetyTests {
    let folder = TemporaryFolder()

    /// Writes a valid session of `touches` touch records, in chunks of about 1 MiB, to `write`.
    static func largeSession(touches: Int, write: (Data) -> Void) {
        var chunk = #"{"type":"session","format":"touchlog/1","session":"big"}"# + "\n"
        chunk += #"{"type":"snapshot","t":0,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852]}]}"# + "\n"
        for index in 0..<touches {
            let phase = index % 2 == 0 ? "began" : "ended"
            chunk +=
                #"{"type":"touch","t":\#(Double(index) / 100),"touch":\#(index / 2),"phase":"\#(phase)","x":\#(index % 393).5,"y":\#(index % 852),"window":"w1"}"#
                + "\n"
            if chunk.utf8.count > 1 << 20 {
                write(Data(chunk.utf8))
                chunk = ""
            }
        }
        write(Data(chunk.utf8))
    }

    /// Writes the same session to a regular file.
    func writeLargeSession(_ path: String, touches: Int) throws {
        try Data().write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        Self.largeSession(touches: touches) { handle.write($0) }
    }

    @Test func killingIngestMidFileLeavesTheDatabaseAsBefore() throws {
        let db = folder.path("crash.sqlite")
        let small = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path
        #expect(Touchlog.call(["ingest", "--db", db, small]).status == 0)
        // The big file is a named pipe this test holds open: ingest reads it as a file that has not ended yet, so
        // it is mid-file for as long as the test wants, however fast the machine (no race with its finishing).
        let big = folder.path("big.jsonl")
        let pipe = try HeldOpenFile(path: big)

        let process = Touchlog.process(["ingest", "--quiet", "--db", db, big])
        process.standardError = FileHandle.nullDevice
        try process.run()
        pipe.write { Self.largeSession(touches: 200_000, write: $0) }
        // Everything but the end was read; wait until the open transaction has spilled pages to the WAL.
        try pipe.waitUntil("the transaction wrote pages to the WAL") { walSize(db) > 1 << 20 }
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        pipe.close()
        #expect(process.terminationReason == .uncaughtSignal)

        let database = try TouchlogDatabase(path: db)
        #expect(try database.sessions().map(\.key) == ["5C1E2F0A-login"])
        #expect(try database.count("touch") == 4)
        let check = try database.raw.string("PRAGMA integrity_check")
        #expect(check == "ok")

        // The same session ingests completely afterwards.
        let whole = folder.path("big-whole.jsonl")
        try writeLargeSession(whole, touches: 200_000)
        let retry = Touchlog.call(["ingest", "--quiet", "--db", db, whole])
        #expect(retry.status == 0)
        #expect(try database.session(matching: "big").recordCount == 200_002)
    }
}

/// Ctrl-C and SIGTERM during an ingest: the file in progress is rolled back, the run says what was stored and
/// what was not, and exits with 128 + the signal's number.
@Suite struct InterruptedIngestTests {
    let folder = TemporaryFolder()

    func interrupt(with signal: Int32) throws -> (result: Touchlog.Result, database: TouchlogDatabase) {
        let db = folder.path("interrupted.sqlite")
        let small = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path
        let big = folder.path("big.jsonl")
        let pipe = try HeldOpenFile(path: big)
        let after = folder.path("after.jsonl")
        try FileManager.default.copyItem(atPath: small, toPath: after)

        let err = folder.path("err")
        try Data().write(to: URL(fileURLWithPath: err))
        let process = Touchlog.process(["ingest", "--db", db, small, big, after])
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Mid-file, held there: the big file has not ended, and its transaction has written pages to the WAL.
        pipe.write { CrashSafetyTests.largeSession(touches: 200_000, write: $0) }
        try pipe.waitUntil("the transaction wrote pages to the WAL") { walSize(db) > 1 << 20 }
        #expect(process.isRunning)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        pipe.close()
        let result = Touchlog.Result(
            status: process.terminationStatus, stdout: "", stderr: try String(contentsOfFile: err, encoding: .utf8))
        return (result, try TouchlogDatabase(path: db))
    }

    @Test func ctrlCRollsBackTheFileInProgressAndSaysWhatWasStored() throws {
        let (result, database) = try interrupt(with: SIGINT)
        #expect(result.status == 130)
        #expect(result.stderr.contains("big.jsonl: interrupted, rolled back, nothing stored"))
        #expect(result.stderr.contains("ingest: interrupted by SIGINT; stored: "))
        #expect(result.stderr.contains("login-form.jsonl; rolled back: "))
        #expect(result.stderr.contains("; not started: " + folder.path("after.jsonl")))
        #expect(try database.sessions().map(\.key) == ["5C1E2F0A-login"])
        #expect(try database.count("touch") == 4)
        let check = try database.raw.string("PRAGMA integrity_check")
        #expect(check == "ok")
    }

    @Test func sigtermExitsWith143() throws {
        let (result, database) = try interrupt(with: SIGTERM)
        #expect(result.status == 143)
        #expect(result.stderr.contains("interrupted by SIGTERM"))
        #expect(try database.sessions().count == 1)
    }
}

extension TouchlogDatabase {
    func count(_ table: String) throws -> Int {
        Int(try raw.integer("SELECT COUNT(*) FROM \(table)") ?? 0)
    }
}

/// The size of a database's write-ahead log (0 while there is none).
func walSize(_ database: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: database + "-wal"))?[.size] as? Int) ?? 0
}

/// A file that has not ended yet: a named pipe whose writing end the test holds. A reader blocks at its end until the
/// test closes it, so a test can act on a process "in the middle of a file" without racing the process's speed.
final class HeldOpenFile {
    let path: String
    private var handle: FileHandle?

    init(path: String) throws {
        self.path = path
        guard mkfifo(path, 0o600) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        // A reader that died makes a write fail with EPIPE instead of ending the test process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Opens the writing end (which waits for the reader to open the file) and writes what `body` hands out.
    func write(_ body: ((Data) -> Void) -> Void) {
        let handle = handle ?? FileHandle(forWritingAtPath: path)!
        self.handle = handle
        body { try? handle.write(contentsOf: $0) }
    }

    /// Waits (bounded by the test's own deadline, never by a guess about the machine's speed) until `condition`.
    func waitUntil(_ what: String, seconds: Double = 120, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { throw CocoaError(.fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: what]) }
            usleep(2_000)
        }
    }

    /// Ends the file.
    func close() {
        try? handle?.close()
        handle = nil
    }
}
