import Foundation
import Testing

@testable import TouchlogFormat
@testable import TouchlogStore

/// The pipelined scan (reading on a thread of its own) hands out exactly what the plain scan does, in order, and
/// stops cleanly when its consumer fails.
@Suite struct PipelinedScanTests {
    let folder = TemporaryFolder()

    /// A stored session of `touches` touch records between two snapshots, in a database file (a pool: its reader
    /// thread reads beside the caller).
    func database(touches: Int) throws -> (TouchlogDatabase, SessionInfo) {
        var lines = [
            #"{"type":"session","format":"touchlog/1","session":"p"}"#,
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,10,10],"isKeyWindow":true}]}"#,
        ]
        for k in 0..<touches {
            let phase = k % 2 == 0 ? "began" : "ended"
            lines.append(#"{"type":"touch","t":\#(Double(k) / 100),"touch":\#(k / 2),"phase":"\#(phase)","x":1,"y":2}"#)
        }
        lines.append(#"{"type":"key","t":\#(Double(touches) / 100),"length":2}"#)
        let path = folder.file("p.jsonl", lines.joined(separator: "\n") + "\n")
        let database = try TouchlogDatabase(path: folder.path("p.sqlite"))
        #expect(Ingestor(database: database).ingest(.file(path)).succeeded)
        return (database, try database.session(matching: "p"))
    }

    @Test(arguments: [1, 7, 4096])
    func handsOutWhatThePlainScanDoesInOrder(batchSize: Int) throws {
        let (database, info) = try database(touches: 1_000)
        let plain = try database.records(sessionRowID: info.rowID)
        var piped: [SessionRecord] = []
        try database.forEachRecordPipelined(sessionRowID: info.rowID, batchSize: batchSize, queueDepth: 2) {
            piped.append($0)
        }
        #expect(plain.count == 1_003)
        #expect(piped == plain)
    }

    @Test func aConsumerErrorStopsTheReaderAndIsRethrown() throws {
        struct Enough: Error {}
        let (database, info) = try database(touches: 10_000)
        var seen = 0
        #expect(throws: Enough.self) {
            try database.forEachRecordPipelined(sessionRowID: info.rowID, batchSize: 16, queueDepth: 1) { _ in
                seen += 1
                if seen == 100 { throw Enough() }
            }
        }
        #expect(seen == 100)
        // The database is free again: the reading thread is gone.
        #expect(try database.readAllRecords(sessionRowID: info.rowID) == 10_003)
    }

    @Test func largeSessionsArePipelinedSmallOnesAreNot() throws {
        let (database, info) = try database(touches: 10)
        #expect(!database.records(of: info).pipelined)
        var large = info
        large.recordCount = StoredSessionRecords.pipelineThreshold
        #expect(database.records(of: large).pipelined)
    }
}
