import Foundation
import Testing
import TouchlogReplay

@testable import TouchlogReport

/// Realistic sessions of correct apps (`CleanSessions/`, written by its `make_sessions.py` the way TouchlogRecorder
/// records): a settings table with rows below the fold, a page sheet over a list, a push with a bar button over a
/// field scrolled under the navigation bar, a login form with the keyboard, a map panned, pinched and searched, a chat
/// whose messages dismiss the keyboard interactively. Every rule runs over each; none may give
/// a warning or an error. Notes (`info`) are allowed: a control under a translucent bar that scrolling can free.
@Suite struct CleanSessionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CleanSessions")

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".jsonl") }
        .sorted()

    static func findings(_ file: String) throws -> [Finding] {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        return try ReportEngine.findings(
            in: try ReportSession(jsonLines: text, source: file), rules: RuleRegistry.all, scenes: true)
    }

    @Test func theCorpusHasEveryStory() {
        #expect(
            Self.files == [
                "chat-interactive-keyboard-dismissal.jsonl", "login-form-with-keyboard.jsonl",
                "map-pan-pinch-and-search.jsonl",
                "modal-page-sheet-over-list.jsonl", "push-bar-button-over-scrolled-field.jsonl",
                "settings-table-below-the-fold.jsonl",
            ])
    }

    @Test(arguments: files)
    func noWarningAndNoError(_ file: String) throws {
        let serious = try Self.findings(file).filter { $0.severity >= .warning }
        #expect(serious.isEmpty, "\(serious.map { "\($0.ruleID) \($0.severity): \($0.explanation)" })")
    }

    /// Replay of a correct recording diverges nowhere: later snapshots (a push, a sheet, cells reused as a list
    /// scrolls) apply the app's changes, and every observation (first responder, keyboard, sent actions, recognizer
    /// states, row selections) is what the model predicted.
    @Test(arguments: files)
    func replaysWithoutDivergence(_ file: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        let session = try ReportSession(jsonLines: text, source: file)
        var replayer = SessionReplayer(session: file, options: ReplayOptions(), detail: .divergences)
        var divergences: [String] = []
        try session.records.forEachRecord { record in
            try replayer.feed(record) { line in
                divergences += line.divergences.map { "line \(line.seq): \($0.summary)" }
            }
        }
        try replayer.finish { line in divergences += line.divergences.map { "line \(line.seq): \($0.summary)" } }
        #expect(divergences.isEmpty, "\(divergences)")
        #expect(replayer.warnings.isEmpty, "\(replayer.warnings)")
    }

    /// The settings story's tap on a row: the model selects it as the recording says, and the app's deselection in
    /// code (a `set` of the table's selection) leaves nothing selected.
    @Test func theSettingsRowTapSelectsTheRowTheRecordingSays() throws {
        let file = "settings-table-below-the-fold.jsonl"
        let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        let session = try ReportSession(jsonLines: text, source: file)
        var replayer = SessionReplayer(session: file, options: ReplayOptions(), detail: .trace)
        var calls: [String] = []
        try session.records.forEachRecord { record in
            try replayer.feed(record) { line in
                calls += line.step.selections.map { "\($0.list) \($0.call) \($0.indexPath)" }
            }
        }
        try replayer.finish { line in calls += line.step.selections.map { "\($0.list) \($0.call) \($0.indexPath)" } }
        #expect(
            calls == [
                "settingsTable didHighlight [0, 8]", "settingsTable didUnhighlight [0, 8]",
                "settingsTable didSelect [0, 8]",
            ])
    }

    /// The notes the corpus gives are the ones its stories hold, so a rule that goes quiet altogether does not pass
    /// the test above unnoticed: a switch and a field each under a translucent navigation bar after scrolling.
    @Test func theNotesAreTheControlsUnderTheBars() throws {
        var notes: [String] = []
        for file in Self.files {
            notes += try Self.findings(file).map { "\(file): \($0.ruleID) \(Signature.of(view: $0.views[0]))" }
        }
        #expect(
            notes == [
                "push-bar-button-over-scrolled-field.jsonl: unreachable_control UITextField#address.name",
                "settings-table-below-the-fold.jsonl: unreachable_control UISwitch\"Sounds\"",
            ])
    }
}
