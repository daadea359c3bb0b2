/// What an input that no importer claims looks like, when it looks like something: a dump of another platform or
/// tool, or a near miss of a format touchlog imports. Ingest says it instead of "neither a recording nor a dump",
/// so the person holding the file knows what they have and what to capture instead.
///
/// ```swift
/// if ImportFormat.detect(head) == nil, let miss = NearMiss(head) {
///     print(miss.message)   // "an Android UI Automator dump; the closest format touchlog imports is …"
/// }
/// ```
public struct NearMiss: Equatable, Sendable {
    /// What touchlog takes the input for.
    public var what: String
    /// The format touchlog imports that comes closest, if any.
    public var closest: ImportFormat?
    /// How the input differs from that format, and what to capture instead.
    public var differs: String

    /// One line: what it is, the closest format, and what differs.
    public var message: String {
        let closestText = closest.map {
            "the closest format touchlog imports is \($0.displayName) (--from \($0.rawValue))"
        }
        return [what, closestText, differs].compactMap { $0 }.joined(separator: "; ")
    }

    /// Recognises a lookalike from the input's first bytes (ingest's detection window); nil when it resembles
    /// nothing touchlog knows.
    public init?(_ head: [UInt8]) {
        let lines = ImportText.lines(Array(head.prefix(ImportFormat.textDetectionWindow))).prefix(400)
        let text = head.prefix(ImportFormat.textDetectionWindow)
        if ImportText.contains(text, "<hierarchy"), ImportText.contains(text, "class=\"android.") {
            self.init(
                what: "an Android UI Automator dump (`uiautomator dump`, Appium's Android page source)",
                closest: .appium,
                differs: "its elements are `node`s of Android classes, not `XCUIElementType…`: touchlog models UIKit's "
                    + "event handling, so it imports iOS hierarchies only")
            return
        }
        if lines.contains(where: { ImportText.contains($0.bytes, "DecorView{") }) {
            self.init(
                what: "an Android view hierarchy (Espresso's `View Hierarchy:`)", closest: .recursiveDescription,
                differs: "its views are Android's (`DecorView{id=-1, visibility=VISIBLE, …}`), not UIKit's: touchlog "
                    + "imports iOS hierarchies only")
            return
        }
        if lines.contains(where: { Self.isUIAutomationElement(ImportText.trimmed($0.bytes)) }) {
            self.init(
                what: "a UIAutomation element tree (Instruments' `logElementTree()`, iOS 9 and earlier)",
                closest: .xcuitest,
                differs: "its elements are UIAutomation's (`UIAWindow \"…\" {{…}}`, nested in `elements: { … }`), not "
                    + "XCUITest's: print `app.debugDescription` in an XCUITest test instead")
            return
        }
        if !ImportText.contains(text, "XCUIElementType"),
            ["\"UIAWindow", "\"UIAApplication", "\"UIAButton", "<UIAWindow", "<UIAApplication", "<UIAButton"].contains(
                where: { ImportText.contains(text, $0) })
        {
            self.init(
                what: "a UIAutomation-era page source (Appium 1.x over Instruments: `UIAWindow`, `UIAButton` elements)",
                closest: .appium,
                differs: "its elements are UIAutomation's, not WebDriverAgent's `XCUIElementType…`: capture the page "
                    + "source with Appium's XCUITest driver (`driver.page_source`)")
            return
        }
        if lines.contains(where: {
            ImportText.contains($0.bytes, "Failed to fetch hit point for")
                || ImportText.contains($0.bytes, "Enqueue Failure: Failure fetching attributes")
        }) {
            self.init(
                what: "an XCTest runner's error log", closest: .xcuitest,
                differs: "it names elements one at a time in its errors, with no `Element subtree:` that nests them: "
                    + "print `app.debugDescription` in the test to capture the screen")
            return
        }
        if lines.contains(where: { XCUITestImporter.elementInsideText($0.bytes) != nil }) {
            self.init(
                what: "text that quotes one element's description (a failure's `Element: Application 0x…`, a "
                    + "quoted `Attributes: TextField, 0x…` line)",
                closest: .xcuitest,
                differs: "it describes the element the text is about, with no `Element subtree:` around it: print "
                    + "`app.debugDescription` in the test and import that")
            return
        }
        if lines.contains(where: {
            ImportText.contains($0.bytes, "Snapshot accessibility hierarchy for")
                || ImportText.contains($0.bytes, "Use cached accessibility hierarchy for")
                || ImportText.contains($0.bytes, "Requesting snapshot of accessibility hierarchy for")
        }) {
            self.init(
                what: "an XCTest runner's log of element queries (`Find the …`, `Snapshot accessibility hierarchy "
                    + "for …`, as WebDriverAgent's `[Xcode]` lines print them)",
                closest: .xcuitest,
                differs: "it logs that a snapshot was taken, not the tree: print `app.debugDescription` in the test, "
                    + "or take Appium's page source")
            return
        }
        if lines.contains(where: { Self.isPathStep($0.bytes) }),
            !lines.contains(where: { ImportText.contains($0.bytes, "{{") })
        {
            self.init(
                what: "an XCUITest element path (`→Application`, then `↳Window (Main)`, `↳Other` steps) without frames",
                closest: .xcuitest,
                differs: "each step names an element, not where it is: print `app.debugDescription` (its `Element "
                    + "subtree:` has a frame on every line) in the test")
            return
        }
        if lines.contains(where: { Self.isFormatString($0.bytes) }) {
            self.init(
                what: "code that formats an element description (`<UILabel:%p; …`), not a dump it printed",
                closest: .earlgrey,
                differs: "`%p` and the literals around it are filled in when the code runs: import the hierarchy "
                    + "EarlGrey printed with a failure")
            return
        }
        if lines.contains(where: { EarlGreyImporter.node($0.bytes)?.isQuoted == true }) {
            self.init(
                what: "an EarlGrey failure report whose only elements are quoted in the error (`\"E\": \"<…>\"`)",
                closest: .earlgrey,
                differs: "the quoted element names what failed, not the hierarchy: include the hierarchy EarlGrey "
                    + "prints with the failure")
            return
        }
        if lines.contains(where: { ImportText.contains($0.bytes, ":UIView:UIResponder:NSObject {{") }) {
            self.init(
                what: "a view dump of an app's own making (each class with its superclasses, "
                    + "`UIImageView:UIView:UIResponder:NSObject {{x, y}, {w, h}}`)",
                closest: .recursiveDescription,
                differs: "it is not UIKit's recursiveDescription, and how it nests its views is its author's: capture "
                    + "`po view.recursiveDescription()` in lldb")
            return
        }
        var opening = head[...]
        // Blank space, and a Markdown fence the XML was pasted in (```` ```xml ````).
        while true {
            while let first = opening.first, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(first) {
                opening = opening.dropFirst()
            }
            guard ImportText.hasPrefix(opening, "```") else { break }
            opening = opening.drop { $0 != 0x0A }
        }
        // JSON as it opens the input, or behind a wrapper (prose and a fence, comment leaders).
        let json: [UInt8]? =
            opening.first == UInt8(ascii: "{")
            ? Array(head) : ImportText.unwrappedJSON(Array(head), proseBefore: true).map(\.bytes)
        if let json, ImportFormat.opening(json) == .json {
            let shape = JSONDocumentShape(scanning: json)
            if let keys = shape.values.first?.keys, keys.contains("attributes"), keys.contains("children") {
                // An iOS app's is imported (`maestro`); what reaches here is an Android app's.
                self.init(
                    what: "Maestro's `maestro hierarchy` output of an Android app", closest: .maestro,
                    differs: "its nodes are Android views (`android.` classes, a package): touchlog models UIKit, so "
                        + "it imports iOS hierarchies only; capture `maestro hierarchy` with the iOS app on a simulator"
                )
                return
            }
            // Bare JSON no rule above names resembles nothing here; wrapped JSON may still be named below.
            if opening.first == UInt8(ascii: "{") { return nil }
        }
        if opening.first == UInt8(ascii: "<"), Self.isTag(opening), ImportText.contains(text, " class=\""),
            ImportText.contains(text, " width=\""), !ImportText.contains(text, "XCUIElementType")
        {
            self.init(
                what: "an XML view hierarchy whose elements are named after the app's classes (Detox's, "
                    + "`<RCTViewComponentView class=… x=… width=…>`)",
                closest: .appium,
                differs: "an iOS page source names XCUIElementType… elements, which this has none of: capture "
                    + "`driver.page_source` with Appium, or `po view.recursiveDescription()` in lldb")
            return
        }
        if opening.first == UInt8(ascii: "<"), ImportText.hasPrefix(opening, "<?xml") || Self.isTag(opening) {
            self.init(
                what: "XML that is not a page source", closest: .appium,
                differs: "it holds no `<AppiumAUT>` or `XCUIElementType…` element, which an iOS page source "
                    + "(`driver.page_source`) has")
            return
        }
        if [
            "as [String: Any]", "as [[String: Any]]", "as [Any]", "NSNull()", ": [String: Any] = [",
            ": [[String: Any]] = [",
        ].contains(where: { ImportText.contains(text, $0) }),
            ImportText.contains(text, "\": ")
        {
            // A test's fixture or an app's mock kept as Swift: `[` … `]` around a dictionary's members, `NSNull()`
            // for null, casts after the brackets. Reading it as JSON would fail at the first of those, far from why.
            self.init(
                what: "a Swift dictionary literal (`[\"key\": value] as [String: Any]`, `NSNull()`: code, not JSON)",
                closest: Self.closestByKeys(text),
                differs: "touchlog reads the JSON the tool printed: paste that output, or write the value out with "
                    + "`JSONSerialization.data(withJSONObject:)` and import the file")
            return
        }
        if [": True", ": False", ": None", "json.dumps("].contains(where: { ImportText.contains(text, $0) }),
            ImportText.contains(text, "\": ")
        {
            // The same kept as Python (a test's `nodes = [{…, "enabled": True}]`, an event built in a script).
            self.init(
                what: "a Python dict or list (`True`, `False`, `None`, `json.dumps(…)`: code, not JSON)",
                closest: Self.closestByKeys(text),
                differs: "touchlog reads the JSON the tool printed: paste that output, or write the value out with "
                    + "`json.dumps` and import the file")
            return
        }
        if let frameLine = lines.firstIndex(where: {
            ImportText.hasPrefix(ImportText.trimmed($0.bytes), "\"AXFrame\"") && ImportText.contains($0.bytes, "\"{{")
        }), lines[..<frameLine].contains(where: { ImportText.trimmed($0.bytes).last == UInt8(ascii: "{") }) {
            // Inside an object after all: what is missing is idb's own keys (an author's `"AXType"` for `"type"`).
            self.init(
                what: "an element of idb's accessibility output (`\"AXFrame\": \"{{…}}\"`) without the \"type\" idb "
                    + "prints", closest: .idb,
                differs: "idb names each element's \"type\" (\"Button\") beside its frame, or its \"role\" "
                    + "(\"AXButton\"): paste the output of `idb ui describe-all` as it printed it")
            return
        }
        if lines.contains(where: {
            ImportText.hasPrefix(ImportText.trimmed($0.bytes), "\"AXFrame\"") && ImportText.contains($0.bytes, "\"{{")
        }) {
            // Members of one idb element pasted without the braces around them: one reading, but a guess at where
            // the element starts and ends would be a guess; say what to add.
            self.init(
                what: "members of an idb element (`\"AXFrame\": \"{{…}}\"`) without the `{` and `}` around them",
                closest: .idb,
                differs: "idb ui describe-all prints each element as a JSON object: put `{` before the first member "
                    + "and `}` after the last (or paste the whole output) and import again")
            return
        }
        if ImportText.contains(text, "\"AXLabel\"") || ImportText.contains(text, "\"AXUniqueId\""),
            !ImportText.contains(text, "\"frame\""), !ImportText.contains(text, "\"AXFrame\"")
        {
            self.init(
                what: "idb-style accessibility elements (`\"AXLabel\"`, `\"AXUniqueId\"`) without frames",
                closest: .idb,
                differs: "`idb ui describe-all` prints each element's \"frame\" (and \"AXFrame\"), and these have "
                    + "none, so no element can be placed: paste the output as idb printed it")
            return
        }
        if lines.contains(where: { ImportText.hasPrefix(ImportText.trimmed($0.bytes), "isVisible: ") }),
            lines.contains(where: { ImportText.hasPrefix(ImportText.trimmed($0.bytes), "frame: \"{{") })
        {
            self.init(
                what: "WebDriverAgent's JSON page source as a browser's JSON viewer shows it (`isVisible: \"1\"`, "
                    + "`frame: \"{{0, 0}, {320, 568}}\"`: keys without quotes)",
                closest: .appium,
                differs: "touchlog reads WebDriverAgent's XML page source (`driver.page_source`, or `/source`): "
                    + "paste that")
            return
        }
        if ImportText.contains(text, "<XCSynthesizedEventRecord"), ImportText.contains(text, "Touch down at") {
            self.init(
                what: "a device log of the events XCTest synthesized (`<XCSynthesizedEventRecord 'tap display 1'>`, "
                    + "`Touch down at 195.0, 398.0`)",
                closest: .xctestLog,
                differs: "touchlog reads a UI test's activity log (`t = 1.23s Tap …` with its steps) joined to the "
                    + "screen's tree (--hierarchy); this log has the event's points but no steps: pass the test's "
                    + "xcodebuild log")
            return
        }
        if lines.contains(where: { ImportText.hasPrefix(ImportText.trimmed($0.bytes), "<breadcrumb_") }) {
            self.init(
                what: "Sentry breadcrumbs written as tags (`<breadcrumb_8 type=\"user\" category=\"touch\">`, as an "
                    + "issue summary renders them)",
                closest: .sentry,
                differs: "touchlog reads an event's JSON, whose breadcrumbs hold their data and time: download it "
                    + "from the event's page in Sentry")
            return
        }
        if ImportText.contains(text, "category: 'touch'") || ImportText.contains(text, "category: \"touch\""),
            !ImportText.contains(text, "\"category\"")
        {
            self.init(
                what: "a breadcrumb written as a JavaScript object (`category: 'touch'`, keys without quotes)",
                closest: .sentry,
                differs: "touchlog reads an event's JSON: download it from the event's page in Sentry, or log it "
                    + "with `JSON.stringify`")
            return
        }
        if !ImportText.contains(text, "\"timestamp\""),
            ["timestamp: ", "type: ", "source: "].allSatisfy({ key in
                lines.contains { line in
                    let trimmed = ImportText.trimmed(line.bytes)
                    return ImportText.hasPrefix(trimmed, key)
                        && trimmed.dropFirst(key.utf8.count).first.map(ImportText.isDigit) == true
                }
            })
        {
            self.init(
                what: "session-replay events written as a JavaScript object (`type: 3`, `timestamp: 1629462720020`: "
                    + "keys without quotes, code rather than JSON)",
                closest: .rrweb,
                differs: "touchlog reads a recorded stream's JSON: write the events out with `JSON.stringify(events)` "
                    + "(or export the recording) and import that")
            return
        }
        if ImportText.contains(text, ":${"),
            ImportText.contains(text, "\"category\"") || ImportText.contains(text, "\"type\"")
        {
            self.init(
                what: "JSON kept in code with placeholders where values go (`\"timestamp\":${now - 28000}`)",
                closest: ImportText.contains(text, "\"category\"") ? .sentry : .rrweb,
                differs: "the code fills them in when it runs, and the paste holds no value there: import what it "
                    + "sends (the event's JSON as Sentry stores it)")
            return
        }
        if let variable = Self.shellVariableAsValue(text), ImportText.contains(text, "\":") {
            // An event built in a shell script (`EVENT='{"timestamp": '$ts', …}'`, then `curl -d "$EVENT"`) or a
            // Kotlin template: the script puts the values in when it runs, so no value is there to read.
            self.init(
                what: "JSON built in a script, with a variable (`\(variable)`) where a value goes",
                closest: Self.closestByKeys(text),
                differs: "the script fills the value in when it runs: print what it sends (`echo \"$EVENT\" > "
                    + "event.json` before a shell's `curl`) and import that file")
            return
        }
        if ImportText.contains(text, "\"timestamp\""), ImportText.contains(text, "\"source\""),
            lines.contains(where: {
                ImportText.trimmed($0.bytes).last == UInt8(ascii: "[") && ImportText.contains($0.bytes, " = [")
            }),
            lines.contains(where: { ImportText.trimmed($0.bytes).elementsEqual("]".utf8) })
        {
            self.init(
                what: "session-replay events in source code (`events = [` … `]`: a list of the language, not JSON)",
                closest: .rrweb,
                differs: "touchlog reads a recorded stream's JSON: export the session's events (PostHog's `$snapshot` "
                    + "data, an rrweb recording) and import that")
            return
        }
        if ImportText.contains(text, "<wireframe"), ImportText.contains(text, "\"timestamp\"") {
            self.init(
                what: "session-replay event shapes with placeholders where the data goes (`<wireframe>`)",
                closest: .rrweb,
                differs: "it describes the events, it records no session: export a session's `$snapshot` events (or "
                    + "its rrweb recording) and import that")
            return
        }
        if ImportText.contains(text, "\"accessibilityText\"") || ImportText.contains(text, "\"hintText\""),
            ImportText.contains(text, "\"attributes\""), !ImportText.contains(text, "\"bounds\"")
        {
            self.init(
                what: "Maestro hierarchy nodes without `bounds` (`{\"attributes\":{\"accessibilityText\": …}}`)",
                closest: .maestro,
                differs: "`maestro hierarchy` prints each node's \"bounds\", and these have none, so no element can be "
                    + "placed: paste the command's whole output")
            return
        }
        if ImportText.contains(text, "\"node\""), !ImportText.contains(text, "\"timestamp\""),
            ImportText.contains(text, "\"type\":2") || ImportText.contains(text, "\"type\": 2")
        {
            self.init(
                what: "an rrweb full snapshot without its event's \"timestamp\" (`{\"type\":2,\"data\":{\"node\":…}}`)",
                closest: .rrweb,
                differs: "a touch stream is events with times, and touches among them: export the recording's events "
                    + "and import that")
            return
        }
        let childLines = lines.filter { line in
            let trimmed = ImportText.trimmed(line.bytes)
            return ImportText.hasPrefix(trimmed, "Child: ")
                && trimmed.dropFirst(7).first.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } == true
        }
        if childLines.count >= 2 {
            self.init(
                what: "a list of view class names (`Child: UIWindow`, `Child: UITransitionView`) without their "
                    + "descriptions",
                closest: .recursiveDescription,
                differs: "a name carries no address, frame or nesting, so nothing can be placed: capture "
                    + "`po view.recursiveDescription()` in lldb")
            return
        }
        if lines.contains(where: { ImportText.contains($0.bytes, "Notification; object = <") }) {
            self.init(
                what: "a log of notifications (`name = UIWindowDidBecomeKeyNotification; object = <UIWindow: 0x…`)",
                closest: .recursiveDescription,
                differs: "each line names the object a notification is about, with no frame or subviews: capture "
                    + "`po [[UIWindow keyWindow] recursiveDescription]` in lldb")
            return
        }
        let steps = lines.filter { XCTestLogImporter.timed($0.bytes).0 != nil }
        if steps.count >= 2 {
            // Detection takes a log with a step that touches (`Tap …`); this one's steps open, wait and find only.
            let first = ImportText.string(ImportText.trimmed(XCTestLogImporter.timed(steps[0].bytes).1).prefix(40))
            self.init(
                what: "an XCTest activity log whose steps touch nothing (`\(first)` …)", closest: .xctestLog,
                differs: "touchlog imports a UI test's taps, presses, swipes and typing, and this part of the log has "
                    + "none: paste the log from the steps that touch the screen, with the screen's tree (--hierarchy)")
            return
        }
        if ImportText.contains(text, "\"wireframes\""), !ImportText.contains(text, "\"timestamp\"") {
            self.init(
                what: "PostHog session-replay wireframes (a full snapshot's `data`) without the events around them",
                closest: .rrweb,
                differs: "touches are events with a type and a timestamp (`$snapshot_data`, incremental mouse "
                    + "interactions); pass the exported `$snapshot` events or the replay recording")
            return
        }
        if lines.contains(where: { RecursiveDescriptionImporter.cutInsideQuotes(Array($0.bytes)) }) {
            self.init(
                what: "UIKit view descriptions cut short inside quoted strings (`'<UITextField: 0x…; frame = (…); "
                    + "opaque = N'`)",
                closest: .recursiveDescription,
                differs: RecursiveDescriptionImporter.cutQuotesReason
                    + ": capture `po view.recursiveDescription()` in lldb")
            return
        }
        if lines.contains(where: {
            RecursiveDescriptionImporter.embeddedViewOffset(RecursiveDescriptionImporter.viewContent(of: $0.bytes))
                != nil
        }) {
            // Detection reads a view named in text only when no quote comes before it: inside one, it is what a
            // message is about (an exception's reason, an assertion).
            self.init(
                what: "a message that quotes UIKit view descriptions (`reason: '… <UILabel: 0x…; frame = …>'`)",
                closest: .recursiveDescription,
                differs: "it names the views it is about, not a hierarchy: capture `po view.recursiveDescription()` "
                    + "in lldb")
            return
        }
        if lines.contains(where: { Self.namesAccessibilityField($0.bytes) }) {
            // Last of the idb rules: a JSON element would have been read, or named above.
            self.init(
                what: "text that names idb's or AXe's accessibility fields (`AXLabel: …`, `\"AXFrame\"`) but holds no "
                    + "element as they print it",
                closest: .idb,
                differs: "`idb ui describe-all` and `axe describe-ui` print JSON objects with a type and a frame; "
                    + "paste that output as it printed it")
            return
        }
        if lines.count(where: { Self.isHomeMadeDumpLine($0.bytes) }) >= 3 {
            self.init(
                what: "a view dump of an app's own making (a class name behind depth marks, then numbers: "
                    + "`--UITransitionView (0,0) (320,431)`)",
                closest: .recursiveDescription,
                differs: "it is not UIKit's recursiveDescription, and what its numbers mean is its author's: capture "
                    + "`po view.recursiveDescription()` in lldb")
            return
        }
        let frameless = lines.compactMap { line -> RecursiveDescriptionLine? in
            let content = RecursiveDescriptionImporter.viewContent(of: line.bytes)
            return content.first == UInt8(ascii: "<") ? Self.framelessDescription(content) : nil
        }
        if !frameless.isEmpty {
            // Say why the frames are missing: the author's `[...]` cut them away, or the objects are no views.
            let why =
                if frameless.contains(where: { $0.properties.contains(where: { Self.isElision($0.key) }) }) {
                    "these were shortened by hand (`[...]`) and their frames cut away"
                } else {
                    "these print none (they describe other objects: recognizers, layers, controllers)"
                }
            self.init(
                what: "UIKit object descriptions without frames", closest: .recursiveDescription,
                differs: "a recursiveDescription prints `frame = (x y; w h)` on every view, and \(why): capture "
                    + "`po view.recursiveDescription()` in lldb and paste its lines whole")
            return
        }
        return nil
    }

    init(what: String, closest: ImportFormat?, differs: String) {
        self.what = what
        self.closest = closest
        self.differs = differs
    }

    /// The format whose JSON keys a literal in code uses (idb's `"AXFrame"`, Sentry's `"category"`), if any.
    private static func closestByKeys(_ text: ArraySlice<UInt8>) -> ImportFormat? {
        // A key as JSON quotes it, or inside a string literal of code (`\"category\"`).
        func hasKey(_ name: String) -> Bool {
            ImportText.contains(text, "\"\(name)\"") || ImportText.contains(text, "\"\(name)\\\"")
        }
        if hasKey("AXFrame") || hasKey("AXLabel") { return .idb }
        if hasKey("category") || hasKey("breadcrumbs") || hasKey("event_id") { return .sentry }
        if hasKey("accessibilityText") { return .maestro }
        return nil
    }

    /// The first shell variable that stands where a JSON value goes (`"timestamp": '$ts',` spliced between single
    /// quotes, `\"timestamp\":$ts,` inside double ones, `"id": "${ID}"`): a variable right after a member's `:` or
    /// an array's `[` or `,`, past spaces and the quote that ends or starts a string. Nil when none.
    static func shellVariableAsValue(_ text: ArraySlice<UInt8>) -> String? {
        var index = text.startIndex
        while let dollar = text[index...].firstIndex(of: UInt8(ascii: "$")) {
            index = dollar + 1
            guard let variable = ImportText.shellVariable(text, at: dollar) else { continue }
            var before = dollar
            while before > text.startIndex,
                ImportText.isSpace(text[before - 1]) || text[before - 1] == UInt8(ascii: "'")
                    || text[before - 1] == UInt8(ascii: "\"") || text[before - 1] == UInt8(ascii: "\\")
            {
                before -= 1
            }
            guard before > text.startIndex,
                [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "[")].contains(
                    text[before - 1])
            else { continue }
            // A member's `:` follows its name's closing quote; a colon inside a message (`"cost: $total"`) does not.
            if text[before - 1] == UInt8(ascii: ":") {
                var name = before - 1
                while name > text.startIndex, ImportText.isSpace(text[name - 1]) { name -= 1 }
                guard name > text.startIndex, text[name - 1] == UInt8(ascii: "\"") else { continue }
            }
            return variable
        }
        return nil
    }

    /// `UIAWindow "(null)" {{256, 0}, {768, 1024}}`: a UIAutomation element (`UIA` and a capital letter, a quoted
    /// name, a frame).
    private static func isUIAutomationElement(_ line: ArraySlice<UInt8>) -> Bool {
        guard ImportText.hasPrefix(line, "UIA"), line.count > 3,
            line[line.startIndex + 3] >= UInt8(ascii: "A"), line[line.startIndex + 3] <= UInt8(ascii: "Z")
        else { return false }
        return ImportText.contains(line, " \"") && ImportText.contains(line, "{{")
    }

    /// `↳Window (Main)` or `⋅ ↳Button, label: '…'`, behind a comment leader or not: a step of an element path as
    /// XCUITest prints one.
    private static func isPathStep(_ line: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(line)
        var index = 0
        while index < bytes.count, ImportText.isSpace(bytes[index]) { index += 1 }
        index += ImportText.leaderLength(bytes, at: index)
        while index < bytes.count {
            if ImportText.isSpace(bytes[index]) {
                index += 1
            } else if bytes[index...].starts(with: [0xE2, 0x8B, 0x85]) {  // ⋅, XCUITest's depth dot
                index += 3
            } else {
                break
            }
        }
        return bytes[index...].starts(with: [0xE2, 0x86, 0xB3])  // ↳
    }

    /// `stringWithFormat:@"<UILabel:%p; …"`, `String(format: "<UIView: %p; …`: a description whose address is a
    /// format specifier.
    private static func isFormatString(_ line: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(line)
        var from = 0
        while let open = bytes[from...].firstIndex(of: UInt8(ascii: "<")) {
            var index = open + 1
            while index < bytes.count,
                bytes[index] == UInt8(ascii: "_") || ImportText.isDigit(bytes[index])
                    || (bytes[index] | 0x20 >= UInt8(ascii: "a") && bytes[index] | 0x20 <= UInt8(ascii: "z"))
            {
                index += 1
            }
            if index > open + 1, index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                while index < bytes.count, ImportText.isSpace(bytes[index]) { index += 1 }
                if bytes[index...].starts(with: "%p".utf8) || bytes[index...].starts(with: "%@".utf8) { return true }
            }
            from = open + 1
        }
        return false
    }

    /// `AXLabel: Library` (a field retyped as `key: value`) or `"AXFrame"` anywhere on the line.
    private static func namesAccessibilityField(_ line: ArraySlice<UInt8>) -> Bool {
        let text = ImportText.trimmed(line)
        return ["AXLabel: ", "AXUniqueId: ", "AXFrame: ", "AXValue: "].contains { ImportText.hasPrefix(text, $0) }
            || ImportText.contains(text, "\"AXFrame\"")
    }

    /// `UIViewDumper[14013:c07] ---UIViewControllerWrapperView (0,20) (320,411)`: a UIKit class name (`UI` or `_UI`
    /// and a capital) right after a run of depth marks (`-`, `|`, `+`, spaces) at the line's start or after a log
    /// prefix, then text with digits, and no `<` description.
    private static func isHomeMadeDumpLine(_ line: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(line)
        guard !bytes.contains(UInt8(ascii: "<")) else { return false }
        var start = 0
        if let close = bytes.firstIndex(of: UInt8(ascii: "]")), close + 1 < bytes.count, bytes[close + 1] == 0x20,
            bytes[..<close].contains(UInt8(ascii: "["))
        {
            start = close + 2  // an NSLog prefix, `Process[pid:thread] `
        }
        var index = start
        while index < bytes.count,
            [0x20, 0x09, UInt8(ascii: "-"), UInt8(ascii: "|"), UInt8(ascii: "+")].contains(bytes[index])
        {
            index += 1
        }
        var name = bytes[index...]
        if name.first == UInt8(ascii: "_") { name = name.dropFirst() }
        guard name.starts(with: "UI".utf8), name.count > 2 else { return false }
        let capital = name[name.startIndex + 2]
        guard capital >= UInt8(ascii: "A"), capital <= UInt8(ascii: "Z") else { return false }
        let rest = name.drop { $0 != 0x20 }
        return rest.contains { ImportText.isDigit($0) }
    }

    /// `<name` followed by a space, `>` or `/`: an XML or HTML tag.
    private static func isTag(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex + 1
        let start = index
        while index < bytes.endIndex, (bytes[index] | 0x20) >= UInt8(ascii: "a"),
            (bytes[index] | 0x20) <= UInt8(ascii: "z")
        {
            index += 1
        }
        guard index > start, index < bytes.endIndex else { return false }
        return [0x20, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index])
    }

    /// `<UIButton: 0x7fb1…; …>`: a UIKit description (a class name, an address, properties).
    /// `<Name: 0x…; key = value>` with no frame among its properties: a UIKit object's description, or a view's
    /// with its frame cut away. Nil for anything else.
    private static func framelessDescription(_ content: [UInt8]) -> RecursiveDescriptionLine? {
        guard case .success(let line) = RecursiveDescriptionLine.parse(content), let address = line.address,
            address.hasPrefix("0x"), !line.properties.isEmpty, !line.properties.contains(where: { $0.key == "frame" }),
            line.className.first.map({ $0.isUppercase || $0 == "_" }) ?? false
        else { return nil }
        return line
    }

    /// `[...]`, `[…]`, `...`, `…`: what an author types where they left part of a description out.
    private static func isElision(_ word: String) -> Bool {
        ["[...]", "[…]", "...", "…"].contains(word)
    }
}
