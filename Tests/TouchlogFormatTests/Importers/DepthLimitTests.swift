import Foundation
import Testing

@testable import TouchlogFormat

/// One depth limit from dump to database: a dump as deep as the format allows imports, and the records it converts
/// to decode as ingest decodes them (on a thread with the stack ingest gives its parser); one level more fails in
/// the importer, at a line of the user's own file rather than of text they never saw.
@Suite struct DepthLimitTests {
    static let limit = FormatLimits.maximumViewDepth

    // MARK: Dumps

    /// `levels` views, each inside the one before; the first line is a `root`.
    static func recursiveDescription(levels: Int, root: String = "UIWindow") -> [UInt8] {
        let lines = (0..<levels).map { depth in
            String(repeating: "   | ", count: depth) + "<\(depth == 0 ? root : "UIView"): 0x\(depth + 1); "
                + "frame = (0 0; 10 10); layer = <CALayer: 0x9>>"
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// A view hierarchy attachment with one node per line (level n on line n + 1, indented n % 4 spaces); the
    /// deepest node may carry an unknown member nested `memberDepth` arrays deep.
    static func sentry(levels: Int, root: String = "UIWindow", memberDepth: Int = 0) -> [UInt8] {
        var text = "{\"rendering_system\":\"UIKIT\",\"windows\":[\n"
        for level in 1...levels {
            text += String(repeating: " ", count: level % 4)
            text += "{\"type\":\"\(level == 1 ? root : "UIView")\",\"x\":0,\"y\":0,\"width\":10,\"height\":10,"
            if level == levels, memberDepth > 0 {
                text += "\"extra\":" + String(repeating: "[", count: memberDepth)
                text += String(repeating: "]", count: memberDepth) + ","
            }
            text += "\"children\":[\n"
        }
        text += String(repeating: "]}", count: levels) + "]}\n"
        return Array(text.utf8)
    }

    /// An XCUITest tree of `levels` elements under the application, each indented two more columns.
    static func xcuitest(levels: Int) -> [UInt8] {
        var lines = ["Element subtree:", " →Application, 0x1, pid: 1, label: 'Deep'"]
        for depth in 0..<levels {
            let element =
                depth == 0
                ? "Window, 0x2, {{0.0, 0.0}, {393.0, 852.0}}" : "Other, 0x\(depth + 2), {{0.0, 0.0}, {10.0, 10.0}}"
            lines.append(String(repeating: " ", count: 4 + 2 * depth) + element)
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    // MARK: Import, then decode as ingest does

    /// What decoding the converted records reported.
    struct Decoded: Sendable {
        var problems: [String] = []
        var records = 0
        /// Views on the deepest path of the first snapshot, its window included.
        var viewDepth = 0
    }

    /// Converts `bytes`, then reads the records as `touchlog ingest` does: serialized as JSON Lines and decoded by
    /// ``LogDecoder``, on a thread whose stack is the one ingest's parsing thread gets.
    static func importAndDecode(_ format: ImportFormat, _ bytes: [UInt8]) throws -> Decoded {
        let records = try format.convert(bytes, sourceName: "deep")
        let text = ImporterFixtures.jsonLines(records)
        return onReaderThread {
            var decoded = Decoded()
            var decoder = LogDecoder(file: "deep.jsonl", keepText: false) { event in
                switch event {
                case .rejected(let line, _): decoded.problems.append("line \(line.line): \(line.reason)")
                case .diagnostic(let diagnostic) where diagnostic.severity == .error:
                    decoded.problems.append(diagnostic.description)
                case .record(let record):
                    decoded.records += 1
                    if case .snapshot = record.record, let json = record.json,
                        let object = try? JSONReader.parse(json).objectValue
                    {
                        decoded.viewDepth = max(decoded.viewDepth, deepestView(in: object))
                    }
                default: break
                }
            }
            decoder.readAll(text: text)
            return decoded
        }
    }

    /// The number of views on the deepest path from a window down, walked without recursion.
    static func deepestView(in snapshot: JSONObject) -> Int {
        var deepest = 0
        var stack = (snapshot["windows"]?.arrayValue ?? []).map { ($0, 1) }
        while let (view, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            stack += (view["subviews"]?.arrayValue ?? []).map { ($0, depth + 1) }
        }
        return deepest
    }

    // MARK: Tests

    @Test(arguments: [130, limit])
    func recursiveDescriptionDumpImportsAndDecodes(levels: Int) throws {
        let decoded = try Self.importAndDecode(.recursiveDescription, Self.recursiveDescription(levels: levels))
        #expect(decoded.problems == [])
        #expect(decoded.records == 2)
        #expect(decoded.viewDepth == levels)
    }

    @Test func rootThatIsNoWindowGetsOneMoreLevelAndStillDecodes() throws {
        // A dump of a view (Chisel `pviews` on a subview) is wrapped in a synthetic window: one level deeper.
        let decoded = try Self.importAndDecode(
            .recursiveDescription, Self.recursiveDescription(levels: Self.limit, root: "UIScrollView"))
        #expect(decoded.problems == [])
        #expect(decoded.viewDepth == Self.limit + 1)
    }

    @Test func recursiveDescriptionOneLevelPastTheLimitFailsInTheDump() {
        let bytes = Self.recursiveDescription(levels: Self.limit + 1)
        #expect {
            _ = try ImportFormat.recursiveDescription.convert(bytes, sourceName: "deep.txt")
        } throws: { error in
            // The last line of the user's dump, at its view description after `limit` indentation marks.
            let error = error as! ImportError
            return error.line == Self.limit + 1 && error.column == Self.limit * 5 + 1
                && error.reason == "views nest deeper than \(Self.limit) levels"
        }
    }

    @Test(arguments: [130, limit])
    func sentryHierarchyImportsAndDecodes(levels: Int) throws {
        let decoded = try Self.importAndDecode(.sentry, Self.sentry(levels: levels))
        #expect(decoded.problems == [])
        #expect(decoded.viewDepth == levels)
    }

    @Test func sentryOneLevelPastTheLimitFailsAtTheNode() {
        let levels = Self.limit + 1
        #expect {
            _ = try ImportFormat.sentry.convert(Self.sentry(levels: levels), sourceName: "deep.json")
        } throws: { error in
            let error = error as! ImportError
            return error.line == levels + 1 && error.column == levels % 4 + 1
                && error.reason == "views nest deeper than \(Self.limit) levels"
        }
    }

    @Test func sentryMemberAsDeepAsAnImporterReadsStillDecodes() throws {
        // The deepest node's object is at JSON level 2 × levels + 1; a synthetic window and the `imported` object
        // add three levels on the way out, which is why an importer reads three levels less than ingest.
        let levels = Self.limit
        let room = ImportRecords.jsonDepthLimit - (2 * levels + 1)
        let decoded = try Self.importAndDecode(.sentry, Self.sentry(levels: levels, root: "UIView", memberDepth: room))
        #expect(decoded.problems == [])
        #expect(decoded.viewDepth == levels + 1)

        let tooDeep = Self.sentry(levels: levels, root: "UIView", memberDepth: room + 1)
        #expect {
            _ = try ImportFormat.sentry.convert(tooDeep, sourceName: "deep.json")
        } throws: { error in
            // At the bracket one level too deep, on the deepest node's line.
            let error = error as! ImportError
            let extra = Array(#""extra":"#.utf8)
            let line = Array(tooDeep.split(separator: 0x0A)[levels])
            let column = ImportText.firstIndex(of: extra, in: line).map { $0 + extra.count + room + 1 }
            return error.line == levels + 1 && error.column == column
                && error.reason == "JSON nests deeper than \(ImportRecords.jsonDepthLimit) levels"
        }
    }

    @Test(arguments: [130, limit])
    func xcuitestTreeImportsAndDecodes(levels: Int) throws {
        let decoded = try Self.importAndDecode(.xcuitest, Self.xcuitest(levels: levels))
        #expect(decoded.problems == [])
        #expect(decoded.viewDepth == levels)
    }

    @Test func deepestSnapshotOfTheFormatDecodes() throws {
        // Views as deep as an importer may write them (the limit, plus a synthetic window), and on the deepest a
        // recognizer with an action: the deepest JSON a snapshot needs, FormatLimits.maximumJSONDepth levels.
        let levels = Self.limit + 1
        func snapshot(actionMembers: String) -> String {
            var text = #"{"type":"snapshot","t":0,"windows":["#
            for level in 1...levels {
                text += #"{"id":"v\#(level)","class":"\#(level == 1 ? "UIWindow" : "UIView")","frame":[0,0,10,10]"#
                text += level < levels ? #","subviews":["# : ""
            }
            text += #","gestureRecognizers":[{"id":"tap","class":"UITapGestureRecognizer","actions":[{"#
            text += actionMembers + "}]}]}" + String(repeating: "]}", count: levels - 1) + "]}"
            return text
        }
        let deepest = snapshot(actionMembers: #""target":"v1","action":"tapped:""#)
        let (errors, records) = onReaderThread {
            let log = DecodedLog(Lines.header() + "\n" + deepest + "\n")
            return (log.errors.map(\.description), log.records.count)
        }
        #expect(errors == [])
        #expect(records == 2)

        let deeper = snapshot(actionMembers: #""target":"v1","action":"tapped:","events":["touchUpInside"]"#)
        let error = syntaxErrorOnReaderThread { () throws(JSONSyntaxError) in _ = try JSONReader.parse(deeper) }
        #expect(error?.message == "nesting deeper than \(FormatLimits.maximumJSONDepth) levels")
    }

    @Test func xcuitestOneLevelPastTheLimitFailsAtTheElement() {
        let levels = Self.limit + 1
        #expect {
            _ = try ImportFormat.xcuitest.convert(Self.xcuitest(levels: levels), sourceName: "deep.txt")
        } throws: { error in
            let error = error as! ImportError
            return error.line == levels + 2 && error.column == 4 + 2 * (levels - 1) + 1
                && error.reason == "elements nest deeper than \(Self.limit) levels"
        }
    }
}
