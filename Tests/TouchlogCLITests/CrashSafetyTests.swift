import Foundation
import GRDB
import Testing
import TouchlogStore

/// A kill -9 in the middle of a file leaves the database as it was before that file.
@Suite struct CrashSafetyTests {
    let folder = TemporaryFolder()

    /// Writes a valid session of `touches` touch records, large enough that ingest takes a while.
    func writeLargeSession(_ path: String, touches: Int) throws {
        try Data().write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var chunk = #"{"type":"session","format":"touchlog/1","session":"big"}"# + "\n"
        chunk += #"{"type":"snapshot","t":0,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852]}]}"# + "\n"
        for index in 0..<touches {
            let phase = index % 2 == 0 ? "began" : "ended"
            chunk +=
                #"{"type":"touch","t":\#(Double(index) / 100),"touch":\#(index / 2),"phase":"\#(phase)","x":\#(index % 393).5,"y":\#(index % 852),"window":"w1"}"#
                + "\n"
            if chunk.utf8.count > 1 << 20 {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        handle.write(Data(chunk.utf8))
    }

    @Test func killingIngestMidFileLeavesTheDatabaseAsBefore() throws {
        let db = folder.path("crash.sqlite")
        let small = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path
        #expect(try Touchlog.run(["ingest", "--db", db, small]).status == 0)
        let big = folder.path("big.jsonl")
        try writeLargeSession(big, touches: 400_000)

        let process = Touchlog.process(["ingest", "--quiet", "--db", db, big])
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the transaction has written pages to the WAL (it is mid-file then), and kill it.
        let wal = db + "-wal"
        var walSize = 0
        while process.isRunning {
            walSize = ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0
            if walSize > 1 << 20 { break }
            usleep(2_000)
        }
        let killedMidFile = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(killedMidFile, "ingest finished before it could be killed; make the file larger")
        #expect(process.terminationReason == .uncaughtSignal)

        let database = try TouchlogDatabase(path: db)
        #expect(try database.sessions().map(\.key) == ["5C1E2F0A-login"])
        #expect(try database.count("touch") == 4)
        let check = try database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")

        // The same file ingests completely afterwards.
        let retry = try Touchlog.run(["ingest", "--quiet", "--db", db, big])
        #expect(retry.status == 0)
        #expect(try database.session(matching: "big").recordCount == 400_002)
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
        try CrashSafetyTests().writeLargeSession(big, touches: 400_000)
        let after = folder.path("after.jsonl")
        try FileManager.default.copyItem(atPath: small, toPath: after)

        let err = folder.path("err")
        try Data().write(to: URL(fileURLWithPath: err))
        let process = Touchlog.process(["ingest", "--db", db, small, big, after])
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Mid-file: the big file's transaction has written pages to the WAL.
        let wal = db + "-wal"
        while process.isRunning {
            let size = ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0
            if size > 1 << 20 { break }
            usleep(2_000)
        }
        #expect(process.isRunning, "ingest finished before it could be interrupted; make the file larger")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
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
        let check = try database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
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
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }
}
