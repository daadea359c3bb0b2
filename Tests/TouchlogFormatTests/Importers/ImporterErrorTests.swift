import Testing

@testable import TouchlogFormat

/// Malformed dumps fail with an ImportError that names the right line (and column where it helps) and says
/// what is wrong.
@Suite struct ImporterErrorTests {
    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var format: ImportFormat
        var input: String
        var line: Int
        var column: Int?
        var reason: String
        var testDescription: String { "\(format.rawValue): \(name)" }
    }

    static let cases: [Bad] = [
        Bad(
            name: "frame with three numbers", format: .recursiveDescription,
            input: "<UIWindow: 0x1; frame = (0 0; 393 852)>\n   | <UIView: 0x2; frame = (0 0 393)>",
            line: 2, column: 28, reason: "\"frame\" value '(0 0 393)' is not a rectangle"),
        Bad(
            name: "frame with a word among its numbers", format: .recursiveDescription,
            input: "<UIWindow: 0x1; frame = (0 0; 393 852)>\n   | <UIView: 0x2; frame = (0 0; 393 auto)>",
            line: 2, column: 28, reason: "\"frame\" value '(0 0; 393 auto)' is not a rectangle"),
        Bad(
            name: "frame with two semicolons", format: .recursiveDescription,
            input: "<UIWindow: 0x1; frame = {0; 0; 393 852}>",
            line: 1, column: 25, reason: "is not a rectangle"),
        Bad(
            name: "descriptions cut inside quoted strings", format: .recursiveDescription,
            input: "rows:\n(7, 'Optional(<UISwitch: 0x7f9a10c33a00; frame = (300 12; 51 31); opaque = N', '1')\n",
            line: 2, column: nil, reason: "the view descriptions are cut short inside quoted strings (line 2)"),
        Bad(
            name: "_autolayoutTrace output", format: .recursiveDescription,
            input: "(lldb) po [[UIWindow keyWindow] _autolayoutTrace]\n\n*<UIWindow:0x108f537f0> - AMBIGUOUS LAYOUT\n"
                + "|   *<UIView:0x109409850>\n|   |   *UIButton:0x7f88a8c98820'Pay'",
            line: 3, column: nil, reason: "this is `_autolayoutTrace` output"),
        Bad(
            name: "_autolayoutTrace output without marks", format: .recursiveDescription,
            input: "UIWindow:0x7f88a8e4a4a0\n| UILayoutContainerView:0x7f88a8f23b70\n| | •UIView:0x7f88a8ca2880",
            line: 1, column: nil, reason: "this is `_autolayoutTrace` output"),
        Bad(
            name: "_printHierarchy output", format: .recursiveDescription,
            input: "Printing description of $3:\n<UINavigationController 0x7fc4f2812000>, state: appeared, view: "
                + "<UILayoutContainerView 0x7fc4f1d0c9d0>\n   | <Shop.CartViewController 0x7fc4f1e08a20>, state: "
                + "appeared, view: <UIView 0x7fc4f1d12b60>",
            line: 2, column: nil, reason: "this is `_printHierarchy` output"),
        Bad(
            name: "view without a frame", format: .recursiveDescription,
            input: "<UIWindow: 0x1; frame = (0 0; 1 1)>\n\n   | <UIView: 0x2; hidden = YES>",
            line: 3, column: 6, reason: "the view 'UIView' has no frame"),
        Bad(
            name: "description cut before '>'", format: .recursiveDescription,
            input: "(lldb) po v\n<UIView: 0x1; frame = (0 0; 1 1); layer = <CALayer: 0x2>",
            line: 2, column: 57, reason: "not closed by '>'"),
        Bad(
            name: "indented line that is no view", format: .recursiveDescription,
            input: "<UIWindow: 0x1; frame = (0 0; 1 1)>\n   | hello there",
            line: 2, column: 6, reason: "a view line must start with '<'"),
        Bad(
            name: "text container closed by one '>'", format: .recursiveDescription,
            input: "<UITextView: 0x1; frame = (0 0; 9 9)>\n   | <<_UITextContainerView: 0x2; frame = (0 0; 9 9)> x\n"
                + "   | <UIView: 0x3; frame = (0 0; 9 9)>",
            line: 2, column: 54, reason: "opened with '<<' is not closed by '>>'"),
        Bad(
            name: "bad frame behind an lldb prompt on every line", format: .recursiveDescription,
            input: "(lldb) <UIWindow: 0x1; frame = (0 0; 1 1)>\n(lldb)    | <UIView: 0x2; frame = x>",
            line: 2, column: 35, reason: "\"frame\" value 'x' is not a rectangle"),
        Bad(
            name: "os_log stamped node without a frame", format: .recursiveDescription,
            input: "2024-05-02 10:31:07.123456+0200 Shop[4312:9876543] <UIWindow: 0x1; frame = (0 0; 1 1)>\n"
                + "2024-05-02 10:31:07.123500+0200 Shop[4312:9876543]    | <UIView: 0x2; hidden = YES>",
            line: 2, column: 57, reason: "the view 'UIView' has no frame"),
        Bad(
            name: "instance variable naming an unreadable node", format: .recursiveDescription,
            input: "<UIWindow: 0x1; frame = (0 0; 1 1)>\n  _contentView <UIView: 0x2; frame = (0 0; 1 1)\n"
                + "   | <UIView: 0x3; frame = (0 0; 1 1)>",
            line: 2, column: 48, reason: "not closed by '>'"),
        Bad(
            name: "tab-indented node with a bad frame", format: .recursiveDescription,
            input: "<UIWindow: 0x1; frame = (0 0; 1 1)>\n\t<UIView: 0x2; frame = (0 0; 1)>",
            line: 2, column: 24, reason: "\"frame\" value '(0 0; 1)' is not a rectangle"),
        Bad(
            name: "no view at all", format: .recursiveDescription,
            input: "Printing description of $0:\nnil",
            line: 1, column: nil, reason: "no view description found"),
        Bad(
            name: "nesting deeper than any UIKit hierarchy", format: .recursiveDescription,
            input: (0...FormatLimits.maximumViewDepth).map {
                String(repeating: "   | ", count: $0) + "<UIView: 0x\($0); frame = (0 0; 1 1)>"
            }.joined(separator: "\n"),
            line: FormatLimits.maximumViewDepth + 1,
            column: FormatLimits.maximumViewDepth * 5 + 1,
            reason: "views nest deeper than"),
        Bad(
            name: "missing comma", format: .sentry, input: "{\"windows\": [\n  {\"type\": \"UIWindow\" \"x\": 1}]}",
            line: 2, column: 23, reason: "expected ',' or '}' in an object"),
        Bad(
            name: "literal cut at the top level", format: .sentry, input: "{\"windows\": []}\ntru",
            line: 2, column: 1, reason: "the JSON ends inside 'true'"),
        Bad(
            name: "width as a string", format: .sentry,
            input: "{\"windows\": [\n  {\"type\": \"UIWindow\",\n   \"width\": \"393\"}]}",
            line: 3, column: 13, reason: "\"width\" is a string, not a number"),
        Bad(
            name: "node that is not an object", format: .sentry, input: "{\"windows\": [1]}",
            line: 1, column: 14, reason: "a view node is a number, not an object"),
        Bad(
            name: "node without a type", format: .sentry, input: "{\"windows\": [{\"x\": 1}]}",
            line: 1, column: 14, reason: "the view node has no \"type\" string"),
        Bad(
            name: "windows not an array", format: .sentry,
            input: "{\"rendering_system\": \"UIKIT\",\n \"windows\": {}}",
            line: 2, column: 13, reason: "\"windows\" is an object, not an array"),
        Bad(
            name: "an Android app's hierarchy (rendering_system)", format: .sentry,
            input: "{\n  \"rendering_system\": \"android_view_system\",\n  \"windows\": [{\"type\": "
                + "\"com.android.internal.policy.DecorView\", \"width\": 1080, \"height\": 2400, "
                + "\"visibility\": \"visible\"}]\n}",
            line: 2, column: 23, reason: "another platform's views (rendering_system \"android_view_system\")"),
        Bad(
            name: "an Android app's hierarchy (classes only)", format: .sentry,
            input: "{\"windows\": [{\"type\": \"android.widget.FrameLayout\", \"visibility\": \"gone\"}]}",
            line: 1, column: 13, reason: "Android classes (android.widget.FrameLayout)"),
        Bad(
            name: "JSON that is neither hierarchy nor event", format: .sentry, input: "\n  {\"foo\": 1}",
            line: 2, column: 3, reason: "neither a view hierarchy"),
        Bad(
            name: "JSON nested too deep", format: .sentry, input: String(repeating: "[", count: 1000),
            line: 1, column: ImportRecords.jsonDepthLimit + 1,
            reason: "JSON nests deeper than \(ImportRecords.jsonDepthLimit) levels"),
        Bad(
            name: "invalid escape", format: .sentry, input: "{\"windows\": [{\"type\": \"UI\\qView\"}]}",
            line: 1, column: 28, reason: "an invalid escape '\\q'"),
        Bad(
            name: "member name without ':'", format: .sentry, input: #"{"windows": [{"type" "UIWindow"}]}"#,
            line: 1, column: 22, reason: "expected ':' after the member name \"type\""),
        Bad(
            name: "literal in capitals", format: .sentry, input: #"{"windows": [{"visible": True}]}"#,
            line: 1, column: 26, reason: "unexpected 'True}]}': not a JSON value"),
        Bad(
            name: "number too large", format: .sentry, input: #"{"windows": [{"x": 1e999}]}"#,
            line: 1, column: 20, reason: "the number is too large for a double"),
        Bad(
            name: "escaped line break", format: .sentry, input: "{\"windows\": [\n{\"type\": \"a\\\nb\"}]}",
            line: 2, column: 14, reason: "an invalid escape"),
        Bad(
            name: "surrogate pair with a second half that is not low", format: .sentry,
            input: #"{"windows": [{"type": "\uD83D\u0041"}]}"#,
            line: 1, column: 36, reason: "a high surrogate '\\u' escape without its low half"),
        Bad(
            name: "element without a frame", format: .xcuitest,
            input: "Element subtree:\n →Application, 0x1, pid: 1\n    Button, 0x2, identifier: 'x'",
            line: 3, column: 5, reason: "the element 'Button' has no frame"),
        Bad(
            name: "frame with three numbers", format: .xcuitest,
            input: "Element subtree:\n →Application, 0x1, pid: 1\n    Window, 0x2, {{0.0, 0.0}, {393.0}}",
            line: 3, column: 5, reason: "'{{0.0, 0.0}, {393.0}}' is not a frame"),
        Bad(
            name: "an event dispatch snapshot alone", format: .xcuitest,
            input: "t =     3.61s     Synthesize event\nLoginUITests.swift:41: error: Failed to synthesize event: "
                + "Neither element nor any descendant has keyboard focus. Event dispatch snapshot: SecureTextField, "
                + "identifier: 'password_textfield'",
            line: 2, column: nil, reason: "the event dispatch snapshot names the element but prints no frame"),
        Bad(
            name: "header without elements", format: .xcuitest,
            input: "Attributes: Application, pid: 1\nElement subtree:\n →Application, pid: 1\n", line: 1,
            column: nil, reason: "no element with a frame found"),
        Bad(
            name: "a label's quote left open swallows no element after it", format: .xcuitest,
            input:
                "Element subtree:\n →Application, pid: 1\n    Window, {{0.0, 0.0}, {10.0, 10.0}}, label: 'a\n"
                + "b\n    Button, 0x2, identifier: 'x'",
            line: 5, column: 5, reason: "the element 'Button' has no frame"),
        Bad(
            name: "a template in code with a placeholder", format: .appium,
            input: "function screen(rows: Array<Row>) {\n  return `<XCUIElementTypeApplication x=\"0\" y=\"0\" "
                + "width=\"390\" height=\"844\">${rows.map(cell)}</XCUIElementTypeApplication>`\n}",
            line: 2, column: 76, reason: "a template in code (`${rows.map(cell)}` stands where"),
        Bad(
            name: "coordinate that is not a number", format: .appium,
            input: "<AppiumAUT>\n<XCUIElementTypeOther x=\"0\" y=\"12pt\" width=\"1\" height=\"1\"/>\n</AppiumAUT>",
            line: 2, column: 58, reason: "'y' is '12pt', not a number of points"),
        Bad(
            name: "processing instruction without data (crashed Foundation's XMLParser)", format: .appium,
            input: "<?xml version=\"1.0\"?>\n  <?xm?>\n<XCUIElementTypeOther/>",
            line: 2, column: 3, reason: "a processing instruction is not part of a page source"),
        Bad(
            name: "document type declaration", format: .appium,
            input: "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">]>\n<AppiumAUT/>",
            line: 2, column: 1, reason: "a document type declaration is not part of a page source"),
        Bad(
            name: "coordinate too large to subtract", format: .appium,
            input: "<XCUIElementTypeOther x=\"-1e308\"><XCUIElementTypeButton x=\"1e308\"/></XCUIElementTypeOther>",
            line: 1, column: 33, reason: "'x' is '-1e308', not a number of points"),
        Bad(
            name: "XML of something else", format: .appium,
            input:
                "<?xml version=\"1.0\"?>\n<hierarchy rotation=\"0\"><node class=\"android.widget.Button\"/></hierarchy>",
            line: 1, column: nil, reason: "no XCUIElementType element found"),
    ]

    static let earlGreyCases: [Bad] = [
        Bad(
            name: "element without a frame", format: .earlgrey,
            input: "<UIWindow:0x1; AX=N; frame={{0, 0}, {9, 9}}; alpha=1>\n  |--<UIView:0x2; AX=N; alpha=1>",
            line: 2, column: 6, reason: "the element 'UIView' has no frame"),
        Bad(
            name: "frame that is no rectangle", format: .earlgrey,
            input: "<UIWindow:0x1; AX=N; frame={{0, 0}, {9}}; alpha=1>",
            line: 1, column: 28, reason: "\"frame\" value '{{0, 0}, {9}}' is not a rectangle"),
        Bad(
            name: "element cut before '>'", format: .earlgrey,
            input: "<UIWindow:0x1; AX=N; frame={{0, 0}, {9, 9}}; alpha=1",
            line: 1, column: 53, reason: "not closed by '>'"),
        Bad(
            name: "no element", format: .earlgrey, input: "Exception Name: InteractionError\n",
            line: 1, column: nil, reason: "no EarlGrey element found"),
    ]

    static let idbCases: [Bad] = [
        Bad(
            name: "a Python literal's True", format: .idb,
            input: "nodes = [\n  {\"AXFrame\": \"{{0, 0}, {1, 1}}\", \"type\": \"Button\", \"enabled\": True},\n]",
            line: 2, column: 64, reason: "(`True` is Python's; JSON writes `true`: the paste is code, not JSON)"),
        Bad(
            name: "a shell variable where a value goes", format: .sentry,
            input:
                #"payload="{\"event_id\":\"fc6d\",\"breadcrumbs\":[{\"timestamp\":${NOW},\"category\":\"touch\"}]}""#,
            line: 1, column: 48,
            reason: "(`${NOW}` is a variable of the script the JSON was built in, filled in when it runs: the paste is "
                + "code, not JSON)"),
        Bad(
            name: "a trailing comma before the closing brace", format: .idb,
            input: "[{\"AXFrame\": \"{{0, 0}, {1, 1}}\", \"type\": \"Button\",\n}]",
            line: 2, column: 1, reason: "(a comma before `}`: code allows one there, JSON does not"),
        Bad(
            name: "a trailing comma before the closing bracket", format: .idb,
            input: "[{\"AXFrame\": \"{{0, 0}, {1, 1}}\", \"type\": \"Button\"},\n]",
            line: 2, column: 1, reason: "(a comma before `]`: code allows one there, JSON does not"),
        Bad(
            name: "a Swift literal's nil", format: .idb,
            input: "[{\"AXFrame\": \"{{0, 0}, {1, 1}}\", \"type\": \"Button\", \"AXValue\": nil}]",
            line: 1, column: 63, reason: "(`nil` is Swift's; JSON writes `null`"),
        Bad(
            name: "element without a type", format: .idb, input: "[{\"AXFrame\":\"{{0, 0}, {1, 1}}\"}]",
            line: 1, column: 2, reason: "the element has no \"type\" string"),
        Bad(
            name: "no element with a frame", format: .idb, input: "[\n {\"type\":\"Button\",\"AXLabel\":\"Pay\"}]",
            line: 2, column: 2, reason: "no element has a frame (1 element(s)"),
        Bad(
            name: "frame without a width", format: .idb,
            input: "[{\"type\":\"Button\",\"frame\":{\"x\":0,\"y\":0,\"height\":1}}]",
            line: 1, column: 27, reason: "\"frame\" has no number \"width\""),
        Bad(
            name: "AXFrame that is no frame", format: .idb, input: "[{\"type\":\"Button\",\"AXFrame\":\"{{0, 0}}\"}]",
            line: 1, column: 29, reason: "\"AXFrame\" '{{0, 0}}' is not a frame"),
        Bad(
            name: "an object where the array should be", format: .idb, input: "{\"nodes\":[]}",
            line: 1, column: 1, reason: "an object, not the array of elements"),
    ]

    @Test(arguments: idbCases)
    func idbFailsNamingTheLine(_ bad: Bad) { failsNamingTheLine(bad) }

    @Test(arguments: earlGreyCases)
    func earlGreyFailsNamingTheLine(_ bad: Bad) { failsNamingTheLine(bad) }

    @Test(arguments: cases)
    func failsNamingTheLine(_ bad: Bad) {
        do {
            let records = try bad.format.convert(Array(bad.input.utf8), sourceName: "bad")
            Issue.record("imported instead of failing: \(ImporterFixtures.jsonLines(records))")
        } catch {
            #expect(error.format == bad.format)
            #expect(error.line == bad.line)
            #expect(error.column == bad.column)
            #expect(error.reason.contains(bad.reason), "reason was: \(error.reason)")
            #expect(error.hint?.isEmpty == false)
            #expect(!error.message(file: "bad").contains("\n"), "a refusal is one line")
        }
    }

    /// A word that only starts like a language's (`Nonesuch`, not Python's `None`) is said to be no JSON value,
    /// without a reason it does not have.
    @Test func aWordThatOnlyStartsLikeCodeIsNotNamedAsCode() {
        let input = "[{\"AXFrame\": \"{{0, 0}, {1, 1}}\", \"type\": \"Button\", \"AXValue\": Nonesuch}]"
        #expect {
            try ImportFormat.idb.convert(Array(input.utf8), sourceName: "bad")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.reason.hasSuffix("'Nonesuch}]': not a JSON value")
                && error.hint?.contains("json.dumps") == false
        }
        // Code named as code is told how to become JSON, not asked whether it was cut.
        let python = "[{\"AXFrame\": \"{{0, 0}, {1, 1}}\", \"type\": \"Button\", \"AXValue\": None}]"
        #expect {
            try ImportFormat.idb.convert(Array(python.utf8), sourceName: "bad")
        } throws: { error in
            (error as? ImportError)?.hint?.hasPrefix("write the value out as JSON where it is built") == true
        }
    }

    @Test func messageHasTheCompilerShape() {
        let error = ImportError(
            format: .recursiveDescription, line: 12, column: 31,
            reason: "\"frame\" value 'x' is not a rectangle",
            hint: "expected `frame = (x y; w h)`")
        #expect(
            error.message(file: "dump.txt")
                == "dump.txt:12:31: error: \"frame\" value 'x' is not a rectangle (reading it as a UIView "
                + "recursiveDescription dump); expected `frame = (x y; w h)`")
        #expect(error.description.hasPrefix("line 12:31: "))
    }
}
