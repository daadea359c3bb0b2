import Foundation
import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// The file sink: whole batches appended, continuations beside the first file, every part readable by touchlog.
@Suite @MainActor struct FileSinkTests {
    @Test func aRecordingAndItsContinuationsAreFilesTouchlogReads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = try FileSink(directory: folder.path, name: "S")
        let app = RecorderTests.LoginApp()
        let recorder = Recorder(
            configuration: RecorderConfiguration(maxFileBytes: 1500), session: SessionInfo(sessionID: "S"), sink: sink,
            startUptime: 1000, background: false)
        recorder.windows = { [app] in [app.window] }
        recorder.start(at: 1000)
        for k in 0..<4 {
            app.tap(recorder, at: Point(200, 700), view: app.root, time: 1001 + Double(k))
            recorder.flush()
        }
        recorder.stop()
        #expect(sink.path(part: 1) == folder.appendingPathComponent("S.jsonl").path)
        var parts = 0
        while FileManager.default.fileExists(atPath: sink.path(part: parts + 1)) { parts += 1 }
        #expect(parts >= 2)
        var touches = 0
        for part in 1...parts {
            let text = try String(contentsOfFile: sink.path(part: part), encoding: .utf8)
            #expect(text.hasSuffix("\n"))
            touches += RecordingCheck.records(text, file: "S-\(part).jsonl").filter { $0.kind == .touch }.count
        }
        #expect(touches == 8)
    }
}
