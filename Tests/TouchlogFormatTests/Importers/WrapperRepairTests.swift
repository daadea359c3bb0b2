import Testing

@testable import TouchlogFormat

/// Dumps behind a wrapper or cut by their author import what they hold, and every repair says where it was made:
/// the fixtures' outlines say what is kept, these tests say what the warnings point at.
@Suite struct WrapperRepairTests {
    static func fixture(_ format: ImportFormat, _ name: String) throws -> ImporterFixtures.Case {
        try #require(ImporterFixtures.fixtures.first { $0.format == format && $0.name == name })
    }

    static func warnings(_ fixture: ImporterFixtures.Case) throws -> (records: [Record], warnings: [ImportWarning]) {
        var warnings: [ImportWarning] = []
        let records = try fixture.format.convert(fixture.bytes, sourceName: fixture.name) { warnings.append($0) }
        return (records, warnings)
    }

    @Test func idbCutInsideAnElementWarnsAtThatElement() throws {
        let (records, warnings) = try Self.warnings(Self.fixture(.idb, "cut-after-mention.txt"))
        #expect(records.first?["source"]?["cutShort"] == true)
        let warning = try #require(warnings.first)
        #expect(warning.line == 3)
        #expect(warning.message.contains("ends inside an element"))
        // The cut element starts after the two whole ones on the one line.
        #expect((warning.column ?? 0) > 600)
    }

    @Test func maestroElisionWarnsAtTheDotsLine() throws {
        let (records, warnings) = try Self.warnings(Self.fixture(.maestro, "elided-after-prose.txt"))
        #expect(records.first?["source"]?["cutShort"] == true)
        #expect(warnings.map(\.line) == [26])
        #expect(warnings.first?.message.contains("elided") == true)
    }

    @Test func maestroNodeCutInsideItsAttributesIsLeftOut() throws {
        let text =
            #"{"attributes": {}, "children": [{"attributes": {"bounds": "[0,0][10,10]"}, "children": []}, "#
            + #"{"attributes": {"text": "Pay", "bou"#
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.maestro.convert(Array(text.utf8), sourceName: "cut.json") { warnings.append($0) }
        let views = records.dropFirst().first?["windows"]?.arrayValue?.first?["subviews"]?.arrayValue ?? []
        #expect(views.count == 1)
        #expect(warnings.count == 1)
    }

    @Test func cutTreeLineBeforeACommandWarnsAtThatLine() throws {
        let (_, warnings) = try Self.warnings(Self.fixture(.recursiveDescription, "cut-line-before-command.txt"))
        #expect(warnings.map(\.line) == [6])
        #expect(warnings.first?.message.contains("left out") == true)
    }

    /// A line cut where the paste or its code block ends (the author stopped copying there) is left out like one cut
    /// before a command, its parent marked as missing it; one followed by another tree line is still an error.
    @Test func aCutTreeLineWhereThePasteOrItsBlockEndsIsLeftOut() throws {
        let cut = "<UIWindow: 0x1; frame = (0 0; 1 1)>\n   | <UIView: 0x2; frame = (0 0; 1 1); layer = <CALayer: 0x3>"
        for (text, ending) in [
            (cut, "the paste ends there"), ("```\n" + cut + "\n\n```\nThat is all.", "the code block closes at line 5"),
        ] {
            var warnings: [ImportWarning] = []
            let records = try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "cut.txt") {
                warnings.append($0)
            }
            #expect(ImportFormat.viewCount(records) == 1)
            #expect(warnings.count == 1)
            #expect(warnings.first?.message.contains(ending) == true)
            guard case .snapshot(let snapshot) = records[1] else { continue }
            #expect(snapshot.hierarchy.windows.first?.view.unknownMembers.first?.key == "subviewsTruncated")
        }
        let followed = cut + "\n   | <UIView: 0x4; frame = (0 0; 1 1); layer = <CALayer: 0x5>>"
        #expect(throws: ImportError.self) {
            try ImportFormat.recursiveDescription.convert(Array(followed.utf8), sourceName: "cut.txt")
        }
    }

    @Test func htmlEscapedDumpSaysItWasUnescaped() throws {
        let (_, warnings) = try Self.warnings(Self.fixture(.recursiveDescription, "html-escaped-pre.txt"))
        #expect(warnings.map(\.line) == [3])
        #expect(warnings.first?.message.contains("HTML-escaped") == true)
    }

    @Test func htmlThatHoldsNoEscapedDumpIsNotUnescaped() {
        #expect(HTMLEscapedDump(Array("<p>a &lt;b&gt; tag</p>\n".utf8)) == nil)
        // A real description beside entities: the text is not escaped as a whole.
        let mixed = "<UIView: 0x1; frame = (0 0; 1 1)>\n&lt;UIView: 0x2; frame = (0 0; 1 1)&gt;\n"
        #expect(HTMLEscapedDump(Array(mixed.utf8)) == nil)
    }

    @Test func textAfterTheClosingFenceIsLeftOutWithAWarning() throws {
        let text =
            "Here:\n```json\n[{\"AXFrame\":\"{{0, 0}, {9, 9}}\",\"type\":\"Button\"}]\n```\nAnd then it crashed.\n"
        var warnings: [ImportWarning] = []
        _ = try ImportFormat.idb.convert(Array(text.utf8), sourceName: "paste.txt") { warnings.append($0) }
        #expect(warnings.map(\.line) == [5])
    }

    /// A backtick inside one of the JSON's strings is not the template literal's end: the last backtick, followed
    /// only by `;`, is. Positions keep their columns.
    @Test func aBacktickInsideTheJSONIsNotTheLiteralsEnd() throws {
        let text = "const fixture = `{\"windows\": [], \"note\": \"run `make` first\"}`;\n"
        let unwrapped = try #require(ImportText.unwrappedJSON(Array(text.utf8)))
        let json = String(decoding: unwrapped.bytes, as: UTF8.self)
        #expect(json.hasPrefix(String(repeating: " ", count: 17) + "{"))  // the assignment and its backtick, blanked
        #expect(json.contains("run `make` first"))
        #expect(json.hasSuffix("}  \n"))
        #expect(ImportFormat.detect(Array(text.utf8)) == .sentry)
    }

    /// A literal whose last backtick is followed by more JSON-looking text is not unwrapped by guess.
    @Test func aLiteralWithoutItsClosingDelimiterIsLeftAlone() {
        let text = "const fixture = `{\"windows\": [], \"note\": \"`x\"}\n"
        #expect(ImportText.unwrappedJSON(Array(text.utf8)) == nil)
    }

    /// A JSDoc block's `/**`, `*/` and ` * ` leaders are set aside for every text format; a Markdown bullet list
    /// (`* ` on some lines only) is not a comment.
    @Test func jsDocLeadersAreSetAsideOnlyWhenEveryLineHasOne() throws {
        let doc = "/**\n * a\n *   b\n */\n"
        let uncommented = try #require(ImportText.uncommented(Array(doc.utf8)))
        #expect(String(decoding: uncommented, as: UTF8.self) == "   \n   a\n     b\n   \n")
        #expect(ImportText.uncommented(Array("* one\ntwo\n".utf8)) == nil)
    }

    /// `_printHierarchy`'s line and a controller printed alone beside a dump are no views: left out, named by line.
    @Test func controllerLinesBesideADumpAreLeftOutWithAWarning() throws {
        let (_, warnings) = try Self.warnings(Self.fixture(.recursiveDescription, "notes-with-controllers.txt"))
        #expect(warnings.map(\.line) == [6])
        #expect(warnings.first?.message.contains("2 line(s) that describe no view left out (line 6, 8)") == true)
    }

    /// `_printHierarchy` alone is still refused, saying what it is.
    @Test func printHierarchyAloneIsStillRefused() {
        let text = "<UINavigationController 0x7fc4f2812000>, state: appeared, view: <UILayoutContainerView 0x7fc4>\n"
        #expect(throws: ImportError.self) {
            try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "p.txt")
        }
    }

    /// The string-array reading is taken only when it reads more views: a dump between two quoted lines of chatter
    /// reads as it is, with no word about string literals.
    @Test func aDumpBetweenQuotedChatterIsReadAsItIs() throws {
        let text = """
            "Test Case started."
            <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
               | <UIView: 0x3; frame = (0 0; 390 844); layer = <CALayer: 0x4>>
            "Test Case passed."
            """
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "log.txt") {
            warnings.append($0)
        }
        #expect(ImportFormat.viewCount(records) == 2)
        #expect(!warnings.contains { $0.message.contains("string literals") })
    }

    @Test func aDumpInAStringArrayIsReadInsideItsQuotesAndSaysSo() throws {
        let (records, warnings) = try Self.warnings(Self.fixture(.recursiveDescription, "js-string-array.txt"))
        #expect(ImportFormat.viewCount(records) == 4)
        #expect(warnings.first?.message.contains("string literals in source code") == true)
    }

    /// A test that holds two raw strings, the hierarchy and then a config: the first literal ends right after its
    /// JSON closes, so the code and the second literal after it are no part of the hierarchy.
    @Test func aRawStringEndsWhereItsJSONDoes() throws {
        let rust = """
                let payload = Bytes::from(
                    r#"
                {
                  "rendering_system": "UIKIT",
                  "windows": [{"type": "UIWindow", "width": 414, "height": 896, "x": 0, "y": 0, "children": []}]
                }
                "#,
                );
                let config = serde_json::from_str::<PiiConfig>(
                    r#"
                    {"applications": {"$string": ["@ip"]}}
                    "#,
                );
            """
        #expect(ImportFormat.detect(Array(rust.utf8)) == .sentry)
        let records = try ImportFormat.sentry.convert(Array(rust.utf8), sourceName: "vh.rs")
        #expect(ImportFormat.viewCount(records) == 1)
    }

    /// A touch stream joined with `--hierarchy` is unwrapped as a dump is: here a Go raw string around rrweb events
    /// of a web page, a click on a DOM node and no touch, refused saying it is a page's recording (not an empty
    /// session). A mobile segment in which nobody touched the screen is stored empty, and said so.
    @Test func aJoinedStreamBehindAWrapperIsReadAndAWebPagesIsRefused() throws {
        let hierarchy = try ImportFormat.recursiveDescription.convert(
            Array("<UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>".utf8), sourceName: "h.txt")
        let stream = """
            \trecording := []byte(`[
            \t\t{"type":4,"timestamp":1700000000000,"data":{"href":"https://example.com","width":1440,"height":900}},
            \t\t{"type":3,"timestamp":1700000000400,"data":{"source":2,"type":2,"id":7,"x":310,"y":12}}
            \t]`)
            """
        #expect {
            try ImportFormat.rrweb.convert(Array(stream.utf8), sourceName: "s.go", joining: hierarchy)
        } throws: { error in
            (error as? ImportError)?.reason.hasPrefix(
                "this is a web page's rrweb recording (no snapshot, 1 click or other mouse interaction)") == true
        }
        let idle = #"[{"type":4,"timestamp":1700000000000,"data":{"href":"","width":390,"height":844}}]"#
        var warnings: [ImportWarning] = []
        let records = try #require(
            try ImportFormat.rrweb.convert(Array(idle.utf8), sourceName: "idle.json", joining: hierarchy) {
                warnings.append($0)
            })
        #expect(!records.contains { if case .touch = $0 { true } else { false } })
        #expect(
            warnings.contains {
                $0.message.contains("the stream holds no touch") && $0.hint?.contains("segment") == true
            })
    }

    /// Python's f-strings and Objective-C's `@"…"` literals are read inside their quotes as plain ones are; a
    /// placeholder where a frame goes is refused saying so, at its line, though read as it is the file holds no
    /// element at all (the reading that got further speaks).
    @Test func prefixedStringLiteralsAreReadAndAPlaceholderFrameIsNamed() throws {
        let (records, warnings) = try Self.warnings(Self.fixture(.xcuitest, "python-fstring-list.txt"))
        #expect(ImportFormat.viewCount(records) == 4)
        #expect(warnings.first?.message.contains("string literals in source code") == true)
        let objectiveC = """
            NSArray *lines = @[
                @"<UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>",
                @"   | <UIView: 0x3; frame = (0 0; 390 844); layer = <CALayer: 0x4>>",
            ];
            """
        let views = try ImportFormat.recursiveDescription.convert(Array(objectiveC.utf8), sourceName: "t.m")
        #expect(ImportFormat.viewCount(views) == 2)
        let template = """
            tree = "\\n".join([
                "Element subtree:",
                " \\u2192Application, 0x1, pid: 4, label: 'Maps'",
                "    Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}",
                f"      Other, 0x3, {sheet_frame}, identifier: 'sheet'",
            ])
            """
        #expect {
            try ImportFormat.xcuitest.convert(Array(template.utf8), sourceName: "t.py")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 5 && error.reason.contains("'{sheet_frame}' where its frame goes")
        }
    }

    /// Code after a string literal's closing delimiter (Kotlin's `""".trimIndent()`) still closes it: the JSON
    /// inside is read, so what is refused is what the JSON holds, not the wrapper's quotes.
    @Test func aKotlinRawStringAroundJSONIsAWrapper() {
        func inside(_ code: String) -> String? {
            guard let unwrapped = ImportText.unwrappedJSON(Array(code.utf8), proseBefore: true) else { return nil }
            // Blanked, not removed: every byte keeps its position.
            #expect(unwrapped.bytes.count == code.utf8.count)
            return String(decoding: unwrapped.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(
            inside("val events = \"\"\"\n[{\"type\": 4, \"data\": {}}]\n\"\"\".trimIndent()\n")
                == "[{\"type\": 4, \"data\": {}}]")
        // A delimiter inside a JSON string (quotes after it) is never taken for the end.
        #expect(inside("const s = `[{\"note\": \"a ` b\"}]`;") == "[{\"note\": \"a ` b\"}]")
        // Rust's raw strings end at `"#` (or `"##`), which a JSON string's `"#fff"` does not end early.
        #expect(
            inside("let json = r#\"[{\"tint\": \"#fff\"}]\"#;\n") == "[{\"tint\": \"#fff\"}]")
        #expect(inside("let json = r##\"{\"a\": \"\"#\"}\"##;") == "{\"a\": \"\"#\"}")
    }

    /// A view hierarchy JSON-escaped into a string literal of a test (every quote behind a backslash) is the hierarchy:
    /// read unescaped, with a warning naming the line; the window's `visible: false` is hidden as Sentry means it.
    @Test func jsonEscapedInAStringLiteralIsReadUnescaped() throws {
        let code = [
            "    func testHiddenWindow() {",
            #"        let expected = "{\"rendering_system\":\"UIKIT\",\"windows\":[{\"type\":\"UIWindow\","#
                + #"\"identifier\":\"main\",\"width\":390,\"height\":844,\"x\":0,\"y\":0,\"alpha\":1,"#
                + #"\"visible\":false,\"children\":[]}]}""#,
            "        XCTAssertEqual(serialized, expected)",
            "    }",
        ].joined(separator: "\n")
        let bytes = Array(code.utf8)
        #expect(ImportFormat.detect(bytes) == .sentry)
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.sentry.convert(bytes, sourceName: "Tests.swift") { warnings.append($0) }
        #expect(warnings.map(\.line) == [2])
        #expect(
            warnings.first?.message.hasPrefix("the JSON is escaped in string literals of source code (line 2)") == true)
        #expect(ImportExpectation.outline(records).contains("UIWindow 0 0 390 844 hidden id=\"main\""))
    }

    /// JSON in string literals that open and close on one line (Go's backticks, JavaScript's quotes, Swift's
    /// `#"…"#`), one or several, and in SQL's dollar quoting: the JSON is read, the code around it blanked.
    @Test func oneLineLiteralsAndDollarQuotesAreWrappers() {
        func inside(_ code: String) -> String? {
            guard let unwrapped = ImportText.unwrappedJSON(Array(code.utf8), proseBefore: true) else { return nil }
            #expect(unwrapped.bytes.count == code.utf8.count)
            return String(decoding: unwrapped.bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace)
                .joined(separator: " ")
        }
        #expect(
            inside("\traw := `[{\"a\":1}]`\n\tif ok(raw) {\n\t}\n\tmore := `[{\"b\":\"`x`\"}]`\n")
                == #"[{"a":1}] [{"b":"`x`"}]"#)
        #expect(inside("  let json =\n    #\"{\"elements\":[]}\"#\n") == #"{"elements":[]}"#)
        #expect(inside("parse('[{\"type\":\"Button\"}]')\nassert(x, 'y')\n") == #"[{"type":"Button"}]"#)
        #expect(
            inside("PERFORM seed($json${\n  \"breadcrumbs\": []\n}$json$::jsonb, NULL);\n")
                == #"{ "breadcrumbs": [] }"#)
    }

    /// The body of a `curl` command (`-d '…'`, `--data-raw '…'`) spread over lines with `\` continuations, in a
    /// Markdown fence: the JSON it sends is what is read, here a Sentry event with one breadcrumb.
    @Test func theJSONACurlCommandSendsIsRead() throws {
        let paste = """
            ```bash
            curl -sS \\
              -H 'Content-Type: application/json' \\
              -X POST http://localhost:9000/api/2/store/ \\
              --data-raw '{
                "message": "checkout",
                "breadcrumbs": [{"timestamp": "2026-02-01T10:00:00Z", "category": "ui.click", "message": "Pay"}]
              }'
            ```

            """
        let bytes = Array(paste.utf8)
        #expect(ImportFormat.detect(bytes) == .sentry)
        let records = try ImportFormat.sentry.convert(bytes, sourceName: "curl.md")
        let sent = records.filter { if case .sent = $0 { true } else { false } }
        #expect(sent.count == 1)
        let one = ImportText.unwrappedJSON(Array("curl -d '{\"a\": [1]}' http://x\n".utf8))
        #expect(
            one.map { String(decoding: $0.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
                == #"{"a": [1]}"#)
    }
}
