import Foundation
import Testing
import TouchlogFormat
import TouchlogReplay

/// Every importer fixture, import sample and joined touch stream, once imported, is a valid recording (the decoder ingest uses rejects
/// none of its records and warns about nothing) and replays through the model to the end.
@Suite struct ImportedFixtureReplayTests {
    struct Input: CustomTestStringConvertible, Sendable {
        var format: ImportFormat
        var url: URL
        /// For a touch stream joined to a hierarchy (Importers/Joined/<case>/): the hierarchy file beside it.
        var hierarchy: URL?
        var testDescription: String {
            hierarchy == nil
                ? "\(format.rawValue)/\(url.lastPathComponent)"
                : "joined/\(url.deletingLastPathComponent().lastPathComponent)"
        }

        /// The importer's records: the dump's, or the touch stream's joined to its hierarchy's.
        func values() throws -> [Record] {
            let bytes = try [UInt8](Data(contentsOf: url))
            guard let hierarchy else { return try format.convert(bytes, sourceName: url.lastPathComponent) }
            let dump = try [UInt8](Data(contentsOf: hierarchy))
            let hierarchyFormat = try #require(ImportFormat.detect(dump))
            let joined = try hierarchyFormat.convert(dump, sourceName: hierarchy.lastPathComponent)
            let stream = try #require(format.touchStreamImporter, "\(format.rawValue) is not a touch stream")
            return try stream.convert(bytes, sourceName: url.lastPathComponent, joining: joined) { _ in }
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fixtures under Tests/TouchlogFormatTests/Importers/Fixtures/<format>/, and sample-logs/import-*.
    static var inputs: [Input] {
        let fixtures = ImportFormat.allCases.flatMap { format -> [Input] in
            let folder = root.appendingPathComponent("Tests/TouchlogFormatTests/Importers/Fixtures/\(format.rawValue)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map {
                Input(format: format, url: folder.appendingPathComponent($0))
            }
        }
        let sampleFolder = root.appendingPathComponent("sample-logs")
        let samples = ((try? FileManager.default.contentsOfDirectory(atPath: sampleFolder.path)) ?? [])
            .filter { $0.hasPrefix("import-") }.sorted().compactMap { name -> Input? in
                let url = sampleFolder.appendingPathComponent(name)
                guard let bytes = try? [UInt8](Data(contentsOf: url)), let format = ImportFormat.detect(bytes)
                else { return nil }
                return Input(format: format, url: url)
            }
        let joinedFolder = root.appendingPathComponent("Tests/TouchlogFormatTests/Importers/Joined")
        let joined = ((try? FileManager.default.contentsOfDirectory(atPath: joinedFolder.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted().compactMap { name -> Input? in
                let folder = joinedFolder.appendingPathComponent(name)
                let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                guard let hierarchy = files.first(where: { $0.hasPrefix("hierarchy.") }),
                    let touches = files.first(where: { $0.hasPrefix("touches.") })
                else { return nil }
                let url = folder.appendingPathComponent(touches)
                // Detected as ingest detects it: a stream detection does not place is read as rrweb.
                let format = (try? [UInt8](Data(contentsOf: url))).flatMap(ImportFormat.detect) ?? .rrweb
                return Input(format: format, url: url, hierarchy: folder.appendingPathComponent(hierarchy))
            }
        return fixtures + samples + joined
    }

    @Test func everyFormatHasFixturesAndJoinedPairsAreIncluded() {
        #expect(Set(Self.inputs.map(\.format)) == Set(ImportFormat.allCases))
        #expect(Self.inputs.contains { $0.hierarchy != nil })
    }

    @Test(arguments: inputs)
    func importsValidatesAndReplays(_ input: Input) throws {
        let values = try input.values()

        var problems: [String] = []
        var records: [SessionRecord] = []
        var decoder = LogDecoder(file: input.url.lastPathComponent, keepText: true) { event in
            switch event {
            case .record(let decoded):
                records.append(SessionRecord(seq: decoded.seq, record: decoded.record))
            case .rejected(let line, _): problems.append("rejected: \(line)")
            case .diagnostic(let diagnostic): problems.append(diagnostic.description)
            case .sessionStarted, .sessionEnded: break
            }
        }
        decoder.readAll(records: values)
        #expect(problems.isEmpty, "\(input.testDescription): \(problems.joined(separator: "\n"))")
        #expect(records.count == values.count)

        // A file of several dumps is several sessions: each replays on its own.
        var sessions: [[SessionRecord]] = []
        for record in records {
            if case .session = record.record { sessions.append([]) }
            if sessions.isEmpty { sessions.append([]) }
            sessions[sessions.count - 1].append(record)
        }
        for session in sessions {
            var lines = 0
            let replayer = try SessionReplay.replay(session, session: input.url.lastPathComponent) { _ in lines += 1 }
            // The header makes no line; a snapshot always does, and every import has one.
            #expect(lines >= 1, "\(input.testDescription): the replay made no line")
            #expect(replayer.warnings.isEmpty, "\(input.testDescription): \(replayer.warnings)")
        }
    }
}
