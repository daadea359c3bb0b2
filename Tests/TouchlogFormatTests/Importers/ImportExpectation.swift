import Foundation
import Testing

@testable import TouchlogFormat

/// A short, hand-writable outline of what an importer made of a dump, so that a fixture's expected result is written
/// by a person reading the dump, not recorded from the importer (a recorded golden only says "unchanged").
///
/// One line per record after the header, and one per view, indented two spaces per level under its snapshot:
///
/// ```text
/// session from recursiveDescription
/// snapshot t=0
///   UIWindow#0x7fb1 0 0 390 844 key
///     UIView#0x7fb2 0 0 390 844
///       UITextField#0x7fb3 20 100 350 44 first-responder id="email" label="Email"
///     _UIBarBackground 0 0 390 44 truncated
/// touch t=0.25 1 began 120 310
/// sent t=1.5 submit: sender=path:0/0/1
/// key t=3.6 length=15
/// ```
///
/// A view line is the class, then `#id` unless the id is a `path:` id (those only restate the tree), the frame
/// (`no-frame` when it is `null`), then whichever of these the view has, in this order: `base=CLASS`, `key`,
/// `hidden`, `alpha=A` (below 1), `no-interaction` (when the dump says so), `disabled`, `first-responder`, `clips`,
/// `truncated` (the dump elided its subviews), `id="…"` (accessibility identifier), `label="…"`, `value="…"` (text).
/// Controllers follow their snapshot's windows as `  controller CLASS`. Lines starting with `#` are comments.
enum ImportExpectation {
    /// The outline of an importer's typed records, read as the JSON their lines hold.
    static func outline(_ records: [Record]) -> String { outline(records.map { .object($0.jsonObject) }) }

    /// The outline of `records` (an importer's output, header first).
    static func outline(_ records: [JSONValue]) -> String {
        var lines: [String] = []
        for record in records {
            switch record["type"]?.stringValue {
            case "session":
                var line = "session from \(record["source"]?["importer"]?.stringValue ?? "?")"
                if record["source"]?["hierarchy"] == false { line += " (no hierarchy)" }
                lines.append(line)
            case "snapshot":
                lines.append("snapshot t=\(number(record["t"]))")
                for window in record["windows"]?.arrayValue ?? [] { appendView(window, depth: 1, to: &lines) }
                for controller in record["controllers"]?.arrayValue ?? [] {
                    lines.append("  controller \(controller["class"]?.stringValue ?? "?")")
                }
            case "touch":
                var line = "touch t=\(number(record["t"])) \(scalar(record["touch"])) "
                line += "\(record["phase"]?.stringValue ?? "?") \(number(record["x"])) \(number(record["y"]))"
                if let window = record["window"]?.stringValue { line += " window=\(window)" }
                if let view = record["view"]?.stringValue { line += " view=\(view)" }
                lines.append(line)
            case "sent":
                var line = "sent t=\(number(record["t"])) \(record["action"]?.stringValue ?? "?")"
                if let sender = record["sender"]?.stringValue { line += " sender=\(sender)" }
                if let target = record["target"]?.stringValue { line += " target=\(target)" }
                lines.append(line)
            case "key":
                lines.append("key t=\(number(record["t"])) length=\(number(record["length"]))")
            case let type:
                lines.append("\(type ?? "?") t=\(number(record["t"]))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The expected outline as written: comment lines and trailing spaces dropped, one newline at the end.
    static func normalised(_ written: String) -> String {
        let lines = written.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                var line = line
                while line.last == " " || line.last == "\r" { line = line.dropLast() }
                return line
            }
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func appendView(_ view: JSONValue, depth: Int, to lines: inout [String]) {
        var line = String(repeating: "  ", count: depth) + (view["class"]?.stringValue ?? "?")
        if let id = view["id"]?.stringValue, !id.hasPrefix("path:") { line += "#\(id)" }
        if let frame = view["frame"]?.arrayValue {
            line += " " + frame.map { number($0) }.joined(separator: " ")
        } else {
            line += " no-frame"
        }
        var flags: [String] = []
        if let base = view["baseClass"]?.stringValue { flags.append("base=\(base)") }
        if view["isKeyWindow"] == true { flags.append("key") }
        if view["isHidden"] == true { flags.append("hidden") }
        if let alpha = view["alpha"]?.doubleValue, alpha < 1 { flags.append("alpha=\(number(view["alpha"]))") }
        if view["isUserInteractionEnabled"] == false { flags.append("no-interaction") }
        if view["isEnabled"] == false { flags.append("disabled") }
        if view["isFirstResponder"] == true { flags.append("first-responder") }
        if view["clipsToBounds"] == true { flags.append("clips") }
        if view["subviewsTruncated"] == true { flags.append("truncated") }
        if let identifier = view["accessibilityIdentifier"] { flags.append("id=\(identifier.serialized())") }
        if let label = view["accessibilityLabel"] { flags.append("label=\(label.serialized())") }
        if let text = view["text"] { flags.append("value=\(text.serialized())") }
        if !flags.isEmpty { line += " " + flags.joined(separator: " ") }
        lines.append(line)
        for subview in view["subviews"]?.arrayValue ?? [] { appendView(subview, depth: depth + 1, to: &lines) }
    }

    private static func number(_ value: JSONValue?) -> String {
        guard let value else { return "?" }
        return value.serialized()
    }

    private static func scalar(_ value: JSONValue?) -> String {
        if let string = value?.stringValue { return string }
        return number(value)
    }
}

/// Every importer fixture has a hand-written outline of what it must import as (`Expected/<format>/<name>.txt`,
/// written from reading the dump), and the importer's output matches it. The recorded goldens beside them catch any
/// change at all; these say the change, or the first import, is right.
@Suite struct ImporterExpectationTests {
    static func expectedURL(_ fixture: ImporterFixtures.Case) -> URL {
        ImporterFixtures.directory.appendingPathComponent(
            "Expected/\(fixture.format.rawValue)/\(fixture.url.deletingPathExtension().lastPathComponent).txt")
    }

    @Test(arguments: ImporterFixtures.fixtures)
    func importsAsTheHandWrittenOutline(_ fixture: ImporterFixtures.Case) throws {
        guard let written = try? String(contentsOf: Self.expectedURL(fixture), encoding: .utf8) else {
            Issue.record("\(fixture.testDescription) has no hand-written outline at \(Self.expectedURL(fixture).path)")
            return
        }
        let records: [Record]
        do {
            records = try fixture.format.convert(fixture.bytes, sourceName: fixture.name)
        } catch {
            Issue.record("\(fixture.testDescription) did not import: \(error)")
            return
        }
        let actual = ImportExpectation.outline(records).split(separator: "\n", omittingEmptySubsequences: false)
        let expected = ImportExpectation.normalised(written).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(actual.count == expected.count, "\(fixture.testDescription): line count differs from the outline")
        for (number, (got, want)) in zip(actual, expected).enumerated() where got != want {
            Issue.record("\(fixture.testDescription) outline line \(number + 1)\n  got:  \(got)\n  want: \(want)")
        }
    }

    @Test func outlineNamesWhatAViewHas() throws {
        let view: JSONValue = [
            "id": "0x1", "class": "Shop.PromoField", "baseClass": "UITextField", "frame": [1, 2, 3.5, 4],
            "isHidden": true, "alpha": 0.5, "isUserInteractionEnabled": false, "isEnabled": false,
            "isFirstResponder": true, "clipsToBounds": true, "subviewsTruncated": true,
            "accessibilityIdentifier": "promo", "accessibilityLabel": "Promo \"code\"", "text": "x",
            "subviews": [["id": "path:0/0", "class": "UILabel", "frame": .null]],
        ]
        let records: [JSONValue] = [
            ["type": "session", "source": ["importer": "xcuitest", "hierarchy": false]],
            ["type": "snapshot", "t": 0, "windows": [view], "controllers": [["id": "c", "class": "VC"]]],
            ["type": "touch", "t": 0.25, "touch": 1, "phase": "began", "x": 10, "y": 20],
            ["type": "sent", "t": 1.5, "action": "submit:", "sender": "0x1"],
        ]
        #expect(
            ImportExpectation.outline(records) == """
                session from xcuitest (no hierarchy)
                snapshot t=0
                  Shop.PromoField#0x1 1 2 3.5 4 base=UITextField hidden alpha=0.5 no-interaction disabled \
                first-responder clips truncated id="promo" label="Promo \\"code\\"" value="x"
                    UILabel no-frame
                  controller VC
                touch t=0.25 1 began 10 20
                sent t=1.5 submit: sender=0x1

                """)
    }
}
