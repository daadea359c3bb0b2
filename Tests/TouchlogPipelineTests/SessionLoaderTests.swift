import Foundation
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogReportFixtures
import TouchlogStore

@testable import TouchlogReport

/// ``SessionLoader``: the stored sessions a filter covers, streamed from the store as the report reads them.
@Suite struct SessionLoaderTests {
    @Test func loadsStoredSessionsWithFilters() throws {
        let database = try TouchlogDatabase.inMemory()
        let ingestor = Ingestor(database: database)
        for name in ["03-hidden-promo-field-keeps-typing.jsonl", "09-transparent-toast-blocks-add-to-bag.jsonl"] {
            let report = ingestor.ingest(
                IngestSource(argument: packageRoot.appendingPathComponent("sample-logs/\(name)").path))
            #expect(report.succeeded)
        }
        let loader = SessionLoader(database: database)
        #expect(try loader.sessions(ReportFilter()).count == 3)
        let byPrefix = try loader.sessions(ReportFilter(sessions: ["E7A21C94"]))
        #expect(byPrefix.map(\.appVersion) == ["5.2.0"])
        let loaded = try loader.reportSessions(ReportFilter(sessions: ["E7A21C94"]))
        #expect(loaded.count == 1)
        var seqs: [Int] = []
        try loaded[0].records.forEachRecord { seqs.append($0.seq) }
        #expect(seqs.first == 1 && seqs.count == 24)
        #expect(loaded[0].screen?.width == 393)
        // A stretch is read on its own (a counterfactual replay from a snapshot, a timeline), in order.
        var stretch: [Int] = []
        try loaded[0].records.forEachRecord(in: 17...19) { stretch.append($0.seq) }
        #expect(stretch == [17, 18, 19])
        #expect(throws: StoreError.self) { try loader.sessions(ReportFilter(sessions: ["nope"])) }
        #expect(try loader.sessions(ReportFilter(since: try Timestamp(parsing: "2099-01-01"))).isEmpty)
    }

    /// A stored header is what ingest validated; one that does not read back (another touchlog's, edited by hand)
    /// is an error naming the session, never a header with an empty id.
    @Test func aStoredHeaderThatDoesNotReadBackIsAnError() throws {
        let database = try TouchlogDatabase.inMemory()
        let path = packageRoot.appendingPathComponent("sample-logs/03-hidden-promo-field-keeps-typing.jsonl").path
        #expect(Ingestor(database: database).ingest(IngestSource(argument: path)).succeeded)
        let loader = SessionLoader(database: database)
        var info = try #require(try loader.sessions(ReportFilter()).first)
        #expect(try loader.session(info).ref.id == info.key)
        for broken in [#"{"type":"session","format":"touchlog/1"}"#, "{", "[]"] {
            info.headerJSON = broken
            #expect {
                _ = try loader.session(info)
            } throws: { error in
                guard case .unreadableStoredText(let what, _) = error as? StoreError else { return false }
                return what.contains(info.key)
            }
        }
    }
}
