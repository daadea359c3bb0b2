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
        if opening.first == UInt8(ascii: "{") {
            let shape = JSONDocumentShape(scanning: Array(head))
            if let keys = shape.values.first?.keys, keys.contains("attributes"), keys.contains("children") {
                // An iOS app's is imported (`maestro`); what reaches here is an Android app's.
                self.init(
                    what: "Maestro's `maestro hierarchy` output of an Android app", closest: .maestro,
                    differs: "its nodes are Android views (`android.` classes, a package): touchlog models UIKit, so "
                        + "it imports iOS hierarchies only; capture `maestro hierarchy` with the iOS app on a simulator"
                )
                return
            }
            return nil
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
        if ImportText.contains(text, "\"wireframes\""), !ImportText.contains(text, "\"timestamp\"") {
            self.init(
                what: "PostHog session-replay wireframes (a full snapshot's `data`) without the events around them",
                closest: .rrweb,
                differs: "touches are events with a type and a timestamp (`$snapshot_data`, incremental mouse "
                    + "interactions); pass the exported `$snapshot` events or the replay recording")
            return
        }
        if lines.contains(where: {
            RecursiveDescriptionImporter.embeddedViewOffset(RecursiveDescriptionImporter.viewContent(of: $0.bytes)) != nil
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
        for line in lines {
            let content = RecursiveDescriptionImporter.viewContent(of: line.bytes)
            if content.first == UInt8(ascii: "<"), Self.isDescription(content) {
                self.init(
                    what: "UIKit object descriptions without frames", closest: .recursiveDescription,
                    differs: "a recursiveDescription prints `frame = (x y; w h)` on every view, and these print none "
                        + "(they describe other objects: recognizers, layers, controllers): capture "
                        + "`po view.recursiveDescription()` in lldb")
                return
            }
        }
        return nil
    }

    init(what: String, closest: ImportFormat?, differs: String) {
        self.what = what
        self.closest = closest
        self.differs = differs
    }

    /// `UIAWindow "(null)" {{256, 0}, {768, 1024}}`: a UIAutomation element (`UIA` and a capital letter, a quoted
    /// name, a frame).
    private static func isUIAutomationElement(_ line: ArraySlice<UInt8>) -> Bool {
        guard ImportText.hasPrefix(line, "UIA"), line.count > 3,
            line[line.startIndex + 3] >= UInt8(ascii: "A"), line[line.startIndex + 3] <= UInt8(ascii: "Z")
        else { return false }
        return ImportText.contains(line, " \"") && ImportText.contains(line, "{{")
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
    private static func isDescription(_ content: [UInt8]) -> Bool {
        guard case .success(let line) = RecursiveDescriptionLine.parse(content), let address = line.address,
            address.hasPrefix("0x"), !line.properties.isEmpty, !line.properties.contains(where: { $0.key == "frame" })
        else { return false }
        return line.className.first.map { $0.isUppercase || $0 == "_" } ?? false
    }
}
