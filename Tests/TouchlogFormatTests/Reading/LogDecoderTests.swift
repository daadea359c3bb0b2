import Foundation
import Testing

@testable import TouchlogFormat

@Suite struct LogDecoderTests {
    @Test func numbersRecordsByLineWithinTheSessionAndTypesTouches() {
        let log = DecodedLog(Lines.session([Lines.touch(0.5), "", Lines.touch(0.6, phase: "ended")]))
        #expect(log.errors.isEmpty)
        #expect(log.records.map(\.seq) == [1, 2, 3, 5])
        #expect(log.records.map(\.record.typeName) == ["session", "snapshot", "touch", "touch"])
        guard case .touch(let touch) = log.records[2].record else {
            Issue.record("expected a typed touch")
            return
        }
        #expect(touch == TouchRecord(t: 0.5, touch: .number(1), phase: .began, x: 20.5, y: 110, window: "w1"))
        #expect(log.records[2].json == nil)
    }

    @Test func fastAndGeneralPathsAgreeOnTouches() throws {
        let lines = [
            #"{"type":"touch","t":1.25,"touch":"f1","phase":"moved","x":-3,"y":1e2,"window":"w1","tapCount":2,"event":7,"view":"btn"}"#,
            #"{ "type" : "touch", "t":1.25,"touch":3,"phase":"stationary","x":0,"y":0}"#,
            #"{"t":1.25,"type":"touch","touch":3,"phase":"cancelled","x":1,"y":2}"#,
        ]
        for line in lines {
            let fast: TouchRecord? = Array(line.utf8).withUnsafeBufferPointer { buffer in
                guard JSONReader.looksLikeTouch(buffer) else { return nil }
                var reader = JSONReader(buffer)
                return reader.readTouchFast()
            }
            let object = try #require(try JSONReader.parse(line).objectValue)
            let general = try #require(RecordParser.parse(object).record)
            if let fast { #expect(Record.touch(fast) == general) }
            #expect(!TouchRecord.holdsMoreThanItsFields(object))
        }
    }

    @Test func keepsTheRawLineOfATouchWithUnknownMembers() {
        let line = #"{"type":"touch","t":1,"touch":1,"phase":"began","x":1,"y":2,"force":0.5}"#
        let log = DecodedLog(Lines.session([line]))
        #expect(log.records.last?.json == line)
        guard case .touch(let touch)? = log.records.last?.record else {
            Issue.record("expected a typed touch")
            return
        }
        #expect(touch.x == 1)
    }

    @Test func aSessionWithoutASnapshotIsStoredWithAWarningAtItsHeader() {
        // A header alone, then a session with one, then a header followed by a key press (refused for want of a
        // snapshot): only the sessions without a snapshot are warned about, each once, at its own header.
        let keyPress = #"{"type":"key","t":1,"length":1}"#
        let text =
            Lines.header("bare") + "\n" + Lines.session([Lines.touch(1)], id: "fine") + Lines.header("keys")
            + "\n" + keyPress + "\n"
        let log = DecodedLog(text)
        #expect(log.summaries.map(\.header.session) == ["bare", "fine", "keys"])
        let warnings = log.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.line) == [1, 5])
        #expect(warnings.allSatisfy { $0.message.contains("holds no snapshot") })
        #expect(warnings.first?.message.contains("\"bare\"") == true)
        #expect(warnings.last?.message.contains("\"keys\"") == true)
    }

    @Test func splitsConcatenatedSessionsAndHashesContent() {
        let text = Lines.session([Lines.touch(1)], id: "a") + Lines.session([Lines.touch(1)], id: "b")
        let log = DecodedLog(text)
        #expect(log.summaries.map(\.header.session) == ["a", "b"])
        #expect(log.summaries.map(\.records) == [3, 3])
        #expect(log.records.filter { $0.seq == 1 }.map(\.line) == [1, 4])
        let again = DecodedLog(text)
        #expect(again.summaries.map(\.contentHash) == log.summaries.map(\.contentHash))
        let changed = DecodedLog(text.replacingOccurrences(of: "20.5", with: "20.6"))
        #expect(changed.summaries[0].contentHash != log.summaries[0].contentHash)
        // A session's hash covers its own lines only, not the next session's header.
        let alone = DecodedLog(Lines.session([Lines.touch(1)], id: "a"))
        #expect(alone.summaries[0].contentHash == log.summaries[0].contentHash)
        #expect(log.summaries.map(\.lastLine) == [3, 6])
    }

    @Test func aNegativeTapCountIsRefusedOnTheFastPathToo() {
        let log = DecodedLog(
            Lines.session([#"{"type":"touch","t":1,"touch":1,"phase":"began","x":1,"y":2,"tapCount":-1}"#]))
        #expect(log.errors.map(\.message) == [#""tapCount" must be at least 0, not -1"#])
    }

    @Test func acceptsCRLFLineEndings() {
        let log = DecodedLog(Lines.session([Lines.touch(1)]).replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(log.errors.isEmpty)
        #expect(log.records.count == 3)
    }

    @Test func aCutLastLineIsAWarningAndMarksTheSessionTruncated() {
        let text = Lines.session([Lines.touch(1)]) + #"{"type":"touch","t":2,"touch":1,"ph"#
        let log = DecodedLog(text)
        #expect(log.errors.isEmpty)
        #expect(
            log.printed == [
                """
                test.jsonl:4:36: warning: the last line is cut off (the line ends where the closing '\"' of the string was expected); it is kept aside as a rejected line and the session is marked truncated
                    hint: the recording probably stopped mid-write (a crash); everything before this line is stored
                """
            ])
        #expect(log.summaries.first?.truncated == true)
        #expect(log.records.count == 3)
    }

    @Test func aCutLineThatEndsWithANewlineIsAnError() {
        let log = DecodedLog(Lines.session([#"{"type":"touch","t":2,"#, Lines.touch(3)]))
        #expect(log.errors.map(\.line) == [3])
        #expect(log.rejected.map(\.line) == [3])
        #expect(log.summaries.first?.truncated == false)
    }

    @Test func redactsTextUnlessKept() throws {
        let lines = [
            #"{"type":"key","t":1,"text":"pässwörd😀"}"#,
            #"{"type":"set","t":2,"view":"tf1","text":"abc"}"#,
            #"{"type":"insert","t":3,"parent":"root","view":{"id":"l2","class":"UILabel","frame":[0,0,1,1],"text":"hi","subviews":[{"id":"l3","class":"UILabel","frame":[0,0,1,1],"text":"x"}]}}"#,
        ]
        let log = DecodedLog(Lines.session(lines))
        #expect(log.errors.isEmpty)
        let stored = log.records.compactMap(\.json)
        #expect(stored[1].contains(#""textLength":6"#) && !stored[1].contains("secret"))
        #expect(stored[2] == #"{"type":"key","t":1,"length":10}"#)
        #expect(stored[3] == #"{"type":"set","t":2,"view":"tf1","textLength":3}"#)
        #expect(
            stored[4].contains(#""textLength":2"#) && stored[4].contains(#""textLength":1"#)
                && !stored[4].contains(#""text""#))
        let kept = DecodedLog(Lines.session(lines), keepText: true)
        #expect(kept.records.compactMap(\.json)[2] == lines[0])
    }

    /// recursiveDescription keeps a view's second `text = '…'` in `imported`: typed text all the same.
    @Test func redactsTextAnImporterKept() {
        let line =
            #"{"type":"insert","t":1,"parent":"root","view":{"id":"f","class":"UITextField","frame":[0,0,1,1],"imported":{"text":"SECRET","tag":3}}}"#
        let log = DecodedLog(Lines.session([line]))
        #expect(log.errors.isEmpty)
        #expect(log.records.last?.json?.contains(#""imported":{"textLength":6,"tag":3}"#) == true)
        #expect(DecodedLog(Lines.session([line]), keepText: true).records.last?.json == line)
    }

    /// A rejected line keeps everything but its text, and its stored reason does not quote a byte of the text, as the
    /// reader's message would ("invalid escape '\q'"); the printed diagnostic still does, for the person fixing it.
    @Test func aSetAsideLineKeepsNoTextInItsTextOrItsReason() throws {
        let badEscape = #"{"type":"key","t":3,"text":"SEC\qRET"}"#
        let log = DecodedLog(Lines.session([badEscape, "{oops", Lines.touch(4)]))
        #expect(
            log.rejected.map(\.text) == [
                #"{"type":"key","t":3,"text":"<redacted 8 bytes>"}"#, "{<redacted 4 bytes from a break in the JSON>",
            ])
        #expect(
            log.rejected.map(\.reason) == [
                "invalid escape in a string", "expected a member name here",
            ])
        #expect(log.errors.first?.message == #"invalid escape '\q' in a string"#)

        let kept = DecodedLog(Lines.session([badEscape]), keepText: true)
        #expect(kept.rejected.map(\.text) == [badEscape])
        #expect(kept.rejected.map(\.reason) == [#"invalid escape '\q' in a string"#])
    }

    @Test func withRedactLabelsASetAsideLineKeepsNoLabelsEither() {
        let line = #"{"type":"set","t":"late","view":"btn","accessibilityLabel":"Call Ann","text":"typed"}"#
        let log = DecodedLog(Lines.session([line]), keepText: true, redactLabels: true)
        #expect(
            log.rejected.map(\.text) == [
                #"{"type":"set","t":"late","view":"btn","accessibilityLabel":"<redacted 8 bytes>","text":"typed"}"#
            ])
        let both = DecodedLog(Lines.session([line]), redactLabels: true)
        #expect(
            both.rejected.map(\.text) == [
                #"{"type":"set","t":"late","view":"btn","accessibilityLabel":"<redacted 8 bytes>","text":"<redacted 5 bytes>"}"#
            ])
    }
}
