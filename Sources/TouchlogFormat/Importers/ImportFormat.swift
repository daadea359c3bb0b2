/// A view-hierarchy dump format that `touchlog ingest` can import, with content detection.
///
/// ```swift
/// if let format = ImportFormat.detect(bytes) {            // or ImportFormat(name: "sentry") for --from
///     let records = try format.convert(bytes, sourceName: path)
/// } else {
///     // not a known dump: read it as touchlog/1 JSON Lines
/// }
/// ```
public enum ImportFormat: String, CaseIterable, Sendable {
    /// UIKit's `-[UIView recursiveDescription]`, as printed by lldb `po`, Chisel's `pviews`, Cycript or NSLog.
    case recursiveDescription
    /// Sentry's `view-hierarchy.json` attachment, Sentry event or crash-report JSON with breadcrumbs, envelopes.
    case sentry
    /// `XCUIElement.debugDescription` element trees from XCUITest.
    case xcuitest
    /// Session-replay touch streams: rrweb events from Sentry's and PostHog's mobile SDKs, joined to a hierarchy.
    case rrweb
    /// Appium / WebDriverAgent page source: `XCUIElementType…` elements as XML.
    case appium
    /// The view hierarchy EarlGrey 1 and 2 print when an interaction fails (`|--<UIView:0x…; AX=N; frame={{…}}>`).
    case earlgrey
    /// `idb ui describe-all`: a simulator's accessibility elements with their frames, as JSON.
    case idb
    /// XCTest's activity log of a UI test run (`t =     3.21s Tap "Sign In" Button`), joined to a hierarchy.
    case xctestLog = "xctest-log"
    /// What `maestro hierarchy` prints for an iOS app: `TreeNode`s with `attributes` and `children`, as JSON.
    case maestro

    /// The importer that reads this format.
    public var importer: any HierarchyImporter.Type {
        switch self {
        case .recursiveDescription: RecursiveDescriptionImporter.self
        case .sentry: SentryImporter.self
        case .xcuitest: XCUITestImporter.self
        case .rrweb: RRWebImporter.self
        case .appium: AppiumImporter.self
        case .earlgrey: EarlGreyImporter.self
        case .idb: IDBImporter.self
        case .xctestLog: XCTestLogImporter.self
        case .maestro: MaestroImporter.self
        }
    }

    /// The importer of this format when it is a touch stream, which `--hierarchy` joins to a view hierarchy; nil for
    /// the formats that are hierarchies themselves.
    public var touchStreamImporter: (any TouchStreamImporter.Type)? {
        switch self {
        case .rrweb: RRWebImporter.self
        case .xctestLog: XCTestLogImporter.self
        case .recursiveDescription, .sentry, .xcuitest, .appium, .earlgrey, .idb, .maestro: nil
        }
    }

    /// Converts `bytes` with this format's importer; `warn` hears what the input lacked although it imported.
    public func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void = { _ in }
    ) throws(ImportError) -> [Record] {
        // JSON behind prose, in a Markdown fence or in comment leaders is the JSON: the wrapper does not refuse what
        // is inside (see `detect`). Blanked, not removed, so errors and warnings point at the paste's own lines.
        if importer is any JSONDocumentImporter.Type,
            let unwrapped = ImportText.unwrappedJSON(bytes, proseBefore: true)
        {
            if let first = unwrapped.escapedLines.first {
                warn(
                    ImportWarning(
                        line: first,
                        message: "the JSON is escaped in string literals of source code (line "
                            + ImportWarning.lineList(unwrapped.escapedLines) + "): read unescaped"
                            + (unwrapped.escapedLines.count > 1 ? ", each literal a value of its own" : ""),
                        hint: "columns on those lines count the unescaped text"))
            }
            if let line = unwrapped.textAfterLine {
                warn(
                    ImportWarning(
                        line: line, message: "text after the JSON's closing fence was left out",
                        hint: "only the fenced JSON is read; paste each dump in a file of its own to import it"))
            }
            return try importer.convert(unwrapped.bytes, sourceName: sourceName, warn: warn)
        }
        // A text dump in source comments (a JSDoc block, `///` lines): the comments set aside. The recursiveDescription
        // reader sets each line's leader aside itself, as it does a console prompt.
        if self != .recursiveDescription, !(importer is any JSONDocumentImporter.Type),
            let uncommented = ImportText.uncommented(bytes)
        {
            return try importer.convert(uncommented, sourceName: sourceName, warn: warn)
        }
        // A text dump kept as an array of string literals, a line each (`'<UIWindow: …>',`): read inside the quotes
        // when that reads more views than the text as it is (which may read none, or only the lines whose quotes
        // hide nothing), so a dump that merely quotes a few lines is never changed.
        if !(importer is any JSONDocumentImporter.Type), let unquoted = ImportText.unquotedLines(bytes) {
            var inner: [ImportWarning] = []
            let insideQuotes = Result { () throws(ImportError) in
                try importer.convert(unquoted, sourceName: sourceName, warn: { inner.append($0) })
            }
            switch insideQuotes {
            case .success(let records):
                var outer: [ImportWarning] = []
                let plain = try? importer.convert(bytes, sourceName: sourceName, warn: { outer.append($0) })
                guard let plain, Self.viewCount(plain) >= Self.viewCount(records) else {
                    warn(
                        ImportWarning(
                            line: 1,
                            message: "the dump's lines are string literals in source code: read inside their quotes",
                            hint: "columns in this file's later messages count without the quotes' escapes"))
                    inner.forEach(warn)
                    return records
                }
                outer.forEach(warn)
                return plain
            case .failure(let insideError):
                // Neither reading imports: the one that got further says why (read as it is, the quotes may hide
                // every line, and "nothing found" would be false).
                do throws(ImportError) {
                    return try importer.convert(bytes, sourceName: sourceName, warn: warn)
                } catch {
                    throw insideError.line > error.line ? insideError : error
                }
            }
        }
        return try importer.convert(bytes, sourceName: sourceName, warn: warn)
    }

    /// Converts the touch stream in `bytes` joined to `hierarchy` (`--hierarchy`), behind the same wrappers as
    /// ``convert(_:sourceName:warn:)`` sets aside: a JSON stream in a fence, comment leaders or a source string
    /// literal, a text log in comment leaders. Nil for a format that is no touch stream.
    public func convert(
        _ bytes: [UInt8], sourceName: String, joining hierarchy: [Record], warn: (ImportWarning) -> Void = { _ in }
    ) throws(ImportError) -> [Record]? {
        guard let stream = touchStreamImporter else { return nil }
        let input =
            importer is any JSONDocumentImporter.Type
            ? ImportText.unwrappedJSON(bytes, proseBefore: true)?.bytes : ImportText.uncommented(bytes)
        return try stream.convert(input ?? bytes, sourceName: sourceName, joining: hierarchy, warn: warn)
    }

    /// How many views the snapshots of an import hold: what tells two readings of one paste apart.
    static func viewCount(_ records: [Record]) -> Int {
        var count = 0
        for record in records {
            guard case .snapshot(let snapshot) = record else { continue }
            var stack = snapshot.hierarchy.windows.map(\.view)
            while let view = stack.popLast() {
                count += 1
                stack += view.subviews
            }
        }
        return count
    }

    /// How people name the format in prose and error messages.
    public var displayName: String {
        switch self {
        case .recursiveDescription: "a UIView recursiveDescription dump"
        case .sentry: "Sentry JSON"
        case .xcuitest: "an XCUITest debugDescription tree"
        case .rrweb: "a session-replay touch stream (rrweb)"
        case .appium: "an Appium page source"
        case .earlgrey: "an EarlGrey hierarchy dump"
        case .idb: "idb ui describe-all JSON"
        case .xctestLog: "an XCTest activity log"
        case .maestro: "a Maestro hierarchy"
        }
    }

    /// The names `--from` accepts for this format: the raw value first, then aliases.
    public var names: [String] {
        switch self {
        case .recursiveDescription: ["recursiveDescription", "recursive-description", "pviews"]
        case .sentry: ["sentry", "sentry-view-hierarchy"]
        case .xcuitest: ["xcuitest", "xcui", "debugDescription"]
        case .rrweb: ["rrweb", "session-replay", "sentry-replay", "posthog"]
        case .appium: ["appium", "page-source", "wda"]
        case .earlgrey: ["earlgrey", "grey"]
        case .idb: ["idb", "describe-all"]
        case .xctestLog: ["xctest-log", "activity-log", "xcodebuild-log"]
        case .maestro: ["maestro", "maestro-hierarchy"]
        }
    }

    /// Every format's `--from` name, as a sentence lists them (`recursiveDescription, sentry, … or maestro`): made
    /// from the cases, so a message that suggests `--from` never leaves a format out.
    public static var fromNamesList: String {
        let names = allCases.map(\.rawValue)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The format named `name` (any of ``names``, case-insensitive), for `--from NAME`.
    public init?(name: String) {
        let wanted = name.lowercased()
        guard
            let match = Self.allCases.first(where: { $0.names.contains { $0.lowercased() == wanted } })
        else {
            return nil
        }
        self = match
    }

    /// Recognises a dump; `nil` means "not a known dump: read it as touchlog/1 JSON Lines".
    ///
    /// A touchlog/1 file (first line a `session` header) is never detected as an import. Other JSON is decided by
    /// its shape over the whole input (``JSONDocumentShape``), asking ``jsonImporters`` in turn; text by its first
    /// 64 KiB, so detection of a text dump costs the same whatever its size. The rules are in docs/importers.md.
    public static func detect(_ bytes: [UInt8]) -> ImportFormat? {
        switch opening(bytes) {
        case .empty, .touchlog:
            return nil
        case .json:
            let shape = JSONDocumentShape(scanning: bytes)
            if let claimed = jsonImporters.first(where: { $0.claims(shape) }) {
                // An Android app's Maestro hierarchy has the iOS one's shape: it stays unclaimed, so ingest says what
                // it is (NearMiss) rather than which of its nodes is no iOS element.
                if claimed.format == .maestro, MaestroImporter.isAndroid(bytes) { return nil }
                return claimed.format
            }
            // JSON that no JSON format claims may still carry a text dump escaped into a string
            // (`{"hierarchy":"<UIWindow: …>\n   | <UIView: …>"}`): the wrapper does not refuse what is inside.
            let head = Array(bytes.prefix(textDetectionWindow))
            guard let start = head.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) else {
                return nil
            }
            if isPageSource(head, from: start) { return .appium }
            let text = detectText(head, from: start)
            return text == .recursiveDescription || text == .xcuitest ? text : nil
        case .text(let start):
            // JSON pasted in a Markdown fence (```` ```json ````), after a line of prose or in comment leaders
            // (`/// {`) is decided as the JSON inside it.
            if let format = detectUnwrappedJSON(bytes, proseBefore: false) { return format }
            let head = Array(bytes.prefix(textDetectionWindow))
            if let format = detectText(head, from: start) { return format }
            // A text dump in source comments (a JSDoc block's ` * ` lines), or kept as an array of string literals a
            // line each: decided as the dump inside.
            for inner in [ImportText.uncommented(head), ImportText.unquotedLines(head)].compactMap({ $0 }) {
                if case .text(let inside) = opening(inner), let format = detectText(inner, from: inside) {
                    return format
                }
            }
            // A dump shown in a web page (`&lt;UIWindow: …&gt;`): the importer undoes the entities and says so.
            // EarlGrey's lines read as recursiveDescription lines too; its own fields (`AX=`) decide first.
            if HTMLEscapedDump(head, isTreeLine: EarlGreyImporter.isElementLine) != nil { return .earlgrey }
            if HTMLEscapedDump(head) != nil { return .recursiveDescription }
            // Prose then unfenced JSON (`@someone` / `` `idb ui describe-all `` / `[{"AXFrame":…`): asked after the
            // text formats, whose lines may open with `[` (a log's `[INFO]`) or `{`; only a shape a JSON importer
            // claims decides it.
            return detectUnwrappedJSON(bytes, proseBefore: true)
        }
    }

    /// The JSON format of what ``ImportText/unwrappedJSON(_:proseBefore:)`` finds inside a wrapper, if any.
    private static func detectUnwrappedJSON(_ bytes: [UInt8], proseBefore: Bool) -> ImportFormat? {
        guard let unwrapped = ImportText.unwrappedJSON(bytes, proseBefore: proseBefore),
            opening(unwrapped.bytes) == .json, let format = detect(unwrapped.bytes),
            format.importer is any JSONDocumentImporter.Type
        else { return nil }
        return format
    }

    /// The importers of JSON formats, asked in this order whether they claim an input's shape: the one place to add
    /// a JSON format. Touch streams come first: a Sentry envelope that carries a replay beside a view hierarchy has
    /// `windows` too, and is a touch stream joined to that hierarchy.
    static var jsonImporters: [any JSONDocumentImporter.Type] {
        [RRWebImporter.self, SentryImporter.self, IDBImporter.self, MaestroImporter.self]
    }

    /// How far into a text input detection looks.
    static let textDetectionWindow = 65_536

    /// What an input's first bytes say about how to read it, before anything else is read: whether it is a
    /// touchlog/1 recording (streamed, never read whole), other JSON (read whole and decided by its shape), or
    /// text (decided by its first 64 KiB).
    public enum Opening: Equatable, Sendable {
        /// Nothing but blank space (and a BOM).
        case empty
        /// JSON whose first line is a touchlog/1 `session` header.
        case touchlog
        /// Any other input starting with `{`, or with `[` and a JSON value.
        case json
        /// Anything else; `start` is the offset of its first byte that is not blank space.
        case text(start: Int)

        /// Whether the input reads as text (a log that opens `[INFO]` included), not JSON.
        public var isText: Bool {
            switch self {
            case .text: true
            case .empty, .touchlog, .json: false
            }
        }
    }

    /// Whether the `[` at `start` opens a JSON array: a value or `]` follows it. A log that opens with a tag
    /// (`[daemon log]`, `[INFO] …`) is text.
    private static func opensArray(_ prefix: [UInt8], at start: Int) -> Bool {
        guard
            let next = prefix[(start + 1)...].first(where: {
                !ImportText.isSpace($0) && $0 != 0x0A && $0 != 0x0D
            })
        else { return true }
        return "{[\"]-0123456789tfn".utf8.contains(next)
    }

    /// Classifies an input from its first bytes; ingest passes its detection window. A touchlog/1 header is one
    /// line, whatever its key order, so the first line decides it.
    public static func opening(_ prefix: [UInt8]) -> Opening {
        var start = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < prefix.count,
            ImportText.isSpace(prefix[start]) || prefix[start] == 0x0A || prefix[start] == 0x0D
        {
            start += 1
        }
        guard start < prefix.count else { return .empty }
        guard
            prefix[start] == UInt8(ascii: "{") || (prefix[start] == UInt8(ascii: "[") && opensArray(prefix, at: start))
        else {
            return .text(start: start)
        }
        var end = start
        // A header is a short line: looking past the window for its end would read a minified dump whole.
        let limit = min(prefix.count, start + textDetectionWindow)
        while end < limit, prefix[end] != 0x0A { end += 1 }
        let firstLine = prefix[start..<end].filter { !ImportText.isSpace($0) }
        if ImportText.contains(firstLine, #""type":"session""#)
            || ImportText.contains(firstLine, #""format":"touchlog/"#)
        {
            return .touchlog
        }
        return .json
    }

    private static func detectText(_ head: [UInt8], from start: Int) -> ImportFormat? {
        if isPageSource(head, from: start) { return .appium }
        if ImportText.contains(head, "Element subtree:")
            || ImportText.contains(head, XCUITestImporter.eventDispatchSnapshot)
        {
            return .xcuitest
        }
        var lines = 0
        for line in ImportText.lines(head) {
            // A dump announces itself within its first screenful; past that, stop paying for the scan.
            if lines >= 400 { break }
            lines += 1
            if ImportText.hasPrefix(line.bytes, "Attributes: ") { return .xcuitest }
            // EarlGrey's elements look like descriptions (`<UIView:0x…; …; frame={{…}}>`): asked first.
            if let node = EarlGreyImporter.node(line.bytes), !node.isQuoted { return .earlgrey }
            let content = RecursiveDescriptionImporter.viewContent(of: line.bytes)
            if RecursiveDescriptionImporter.looksLikeViewLine(content) { return .recursiveDescription }
            let unstamped = XCUITestImporter.withoutLogStamp(line)
            if XCUITestImporter.looksLikeElementLine(unstamped.bytes)
                || XCUITestImporter.looksLikeElementLine(XCUITestImporter.withoutCommentLeader(unstamped).bytes)
            {
                return .xcuitest
            }
            if ImportText.contains(line.bytes, "\\n"), XCUITestImporter.unfoldEscapedTrees([line]).count > 1 {
                return .xcuitest
            }
            // `_autolayoutTrace` and `_printHierarchy` have no frames: the recursiveDescription importer says so and
            // what to capture instead.
            if OtherViewPrintout(content: content) != nil { return .recursiveDescription }
        }
        // A page source after prose (`Here is the source:`) or behind a logger's prefix (`INFO: <?xml …`): the
        // repair sets those aside, so the wrapper must not hide what is inside. Asked after the text formats, which
        // never hold `<?xml` or `<XCUIElementType…` elements.
        for marker in ["<?xml", "<AppiumAUT", "<XCUIElementType"] {
            if let found = ImportText.firstIndex(of: Array(marker.utf8), in: head, from: start), found > start,
                isPageSource(head, from: found)
            {
                return .appium
            }
        }
        // The appium-xcuitest-driver of 2016 wrote element types bare (`<Table name=… valid="true" … path="/0/0/2">`):
        // an element carrying its `valid` and `path` attributes, which no other XML touchlog meets has, is a page
        // source the Appium importer reads (bare names are its element types).
        for line in ImportText.lines(head).prefix(400) {
            let text = ImportText.trimmed(line.bytes)
            if text.first == UInt8(ascii: "<"), let initial = text.dropFirst().first, initial >= UInt8(ascii: "A"),
                initial <= UInt8(ascii: "Z"),
                ImportText.contains(text, " valid=\""), ImportText.contains(text, " path=\"/")
            {
                return .appium
            }
        }
        // Asked last: a test log that prints a tree (`print(app.debugDescription)`) between its activities is that
        // tree, found above; one with activities only is a touch stream.
        for line in XCTestLogImporter.steps(Array(ImportText.lines(head).prefix(400)))
        where XCTestLogImporter.looksLikeActivity(line.bytes) {
            return .xctestLog
        }
        // Last: a view description inside text (a UIKit log message naming a window), which the recursiveDescription
        // importer reads as a view with no parent when nothing else is there, or an lldb print of Swift arrays of
        // views, which it refuses saying what it is.
        // Views quoted inside a message (an exception's reason) are read the same way.
        for line in ImportText.lines(head).prefix(400) {
            let content = RecursiveDescriptionImporter.viewContent(of: line.bytes)
            if RecursiveDescriptionImporter.unquotedViewOffset(content) != nil
                || !RecursiveDescriptionImporter.descriptionsInMessage(content).isEmpty
            {
                return .recursiveDescription
            }
        }
        return nil
    }

    /// An Appium page source: `<?xml …?>` (optional), then `<AppiumAUT` or an `<XCUIElementType…` element. A
    /// recursiveDescription also starts with `<`, but `<UIWindow: …`, never with these. What the repair sets aside
    /// may come first: a browser's preamble line and collapse markers (`- <AppiumAUT>`), closing tags left from a
    /// selection, and the quote (or `{"value":"`) of a source quoted as a string.
    private static func isPageSource(_ head: [UInt8], from start: Int) -> Bool {
        // A source quoted in a log line (Appium's `… getPageSource() result: "<?xml version=\"1.0\" …`), or quoted
        // twice (a WebDriver response in a log line: `\"<?xml version=\\\"1.0\\\"`).
        if ImportText.contains(head, "\"<?xml version=\\\"") || ImportText.contains(head, "\"<AppiumAUT>")
            || ImportText.contains(head, "\"<?xml version=\\\\\\\"")
        {
            return true
        }
        var index = start
        func skipBlank() {
            while index < head.count, ImportText.isSpace(head[index]) || head[index] == 0x0A || head[index] == 0x0D {
                index += 1
            }
        }
        if head[index...].starts(with: "This XML file does not appear".utf8) {
            while index < head.count, head[index] != 0x0A { index += 1 }
            skipBlank()
        }
        if index < head.count, head[index] == UInt8(ascii: "{") || head[index] == UInt8(ascii: "[") {
            // A WebDriver `/source` response: `{"value":"<?xml …`.
            guard let quote = ImportText.firstIndex(of: Array("\"<".utf8), in: head, from: index), quote < index + 64
            else { return false }
            index = quote
        }
        if index < head.count, head[index] == UInt8(ascii: "\"") { index += 1 }
        var steps = 0
        while index < head.count, steps < 64 {
            steps += 1
            let rest = head[index...]
            if rest.starts(with: "<AppiumAUT".utf8) || rest.starts(with: "<XCUIElementType".utf8) { return true }
            if rest.starts(with: "<?xml".utf8) || rest.starts(with: "</".utf8) {
                while index < head.count, head[index] != UInt8(ascii: ">") { index += 1 }
                index += 1
            } else if rest.starts(with: "- <".utf8) || rest.starts(with: "+ <".utf8) {
                index += 2
            } else if rest.starts(with: [0xE2, 0x96, 0xBC]) || rest.starts(with: [0xE2, 0x96, 0xB6]) {
                index += 3
            } else {
                return false
            }
            skipBlank()
        }
        return false
    }
}
