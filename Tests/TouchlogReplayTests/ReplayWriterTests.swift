import Foundation
import Testing
import TouchlogFormat
import TouchlogStore

@testable import TouchlogReplay

/// `touchlog replay` over many sessions: replayed several at once, written in the order given, a session that cannot
/// be replayed reported in its place while the others go on.
@Suite struct ReplayWriterTests {
    /// Every sample's sessions, plus one without a snapshot in the middle.
    static func inputs() throws -> [ReplaySessionInput] {
        var inputs: [ReplaySessionInput] = []
        for name in Samples.names {
            let database = try Samples.database(name)
            for info in try database.sessions() {
                inputs.append(ReplaySessionInput(session: info.key, records: database.records(of: info), isLong: false))
            }
        }
        let header: JSONObject = ["type": "session", "format": "touchlog/1", "session": "broken"]
        let broken: [SessionRecord] = [SessionRecord(seq: 1, record: try Record(decoding: header))]
        inputs.insert(ReplaySessionInput(session: "broken", records: broken, isLong: false), at: 3)
        return inputs
    }

    static func run(_ inputs: [ReplaySessionInput], format: ReplayOutputFormat, workers: Int) throws
        -> (text: String, finished: [String], failed: [String])
    {
        var text = ""
        var finished: [String] = []
        var failed: [String] = []
        try ReplayWriter.replay(inputs, options: ReplayOptions(), format: format, workers: workers) {
            text += $0
        } finished: { session, result in
            finished.append(session)
            if case .failure = result { failed.append(session) }
        }
        return (text, finished, failed)
    }

    @Test(arguments: ReplayOutputFormat.allCases)
    func severalAtOnceWriteWhatOneAtATimeWrites(format: ReplayOutputFormat) throws {
        let inputs = try Self.inputs()
        let sequential = try Self.run(inputs, format: format, workers: 1)
        let parallel = try Self.run(inputs, format: format, workers: 2)
        #expect(parallel.text == sequential.text)
        #expect(parallel.finished == inputs.map(\.session) && sequential.finished == parallel.finished)
        #expect(parallel.failed == ["broken"])
        // Sessions are tagged in the trace when several are replayed, in the order given.
        if format == .jsonl {
            let tags = parallel.text.split(separator: "\n").compactMap {
                try? JSONReader.parse(String($0))["session"]?.stringValue
            }
            var order: [String] = []
            for tag in tags where order.last != tag { order.append(tag) }
            #expect(order == inputs.map(\.session).filter { $0 != "broken" })
        }
    }

    @Test func aLongSessionIsWrittenAsItGoesInItsPlace() throws {
        var inputs = try Self.inputs()
        inputs[1].isLong = true
        let mixed = try Self.run(inputs, format: .jsonl, workers: 2)
        let plain = try Self.run(
            inputs.map {
                var i = $0
                i.isLong = false
                return i
            }, format: .jsonl, workers: 2)
        #expect(mixed.text == plain.text && mixed.finished == plain.finished)
    }

    /// `--format summary` is one line per replayed session with the same counts the timeline's closing line gives,
    /// made without a trace.
    @Test func theSummaryIsTheTimelinesCountsOneLineASession() throws {
        let inputs = try Self.inputs()
        let summary = try Self.run(inputs, format: .summary, workers: 2)
        let timeline = try Self.run(inputs, format: .text, workers: 2)
        let lines = summary.text.split(separator: "\n").map(String.init)
        let replayed = inputs.map(\.session).filter { $0 != "broken" }
        #expect(lines.map { String($0.prefix { $0 != ":" }) } == replayed.map { "session \($0)" })
        // The timeline closes each session with the same counts.
        let closings = timeline.text.split(separator: "\n").filter { $0.contains(" input records replayed, ") }
        #expect(lines.map { String($0.drop { $0 != ":" }.dropFirst(2)) } == closings.map(String.init))
        #expect(lines.contains { !$0.hasSuffix(" 0 divergences, 0 warnings") }, "some sample diverges or warns")
    }

    /// One of anything is singular (issue 27, item 18).
    @Test func theClosingLineCountsInEnglish() {
        #expect(
            TimelineFormatter.summary(lines: 1, divergences: 1, warnings: [])
                == "1 input record replayed, 1 divergence, 0 warnings\n")
        #expect(
            TimelineFormatter.summary(lines: 2, divergences: 0, warnings: [])
                == "2 input records replayed, 0 divergences, 0 warnings\n")
    }
}
