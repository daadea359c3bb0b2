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

    /// The importer that reads this format.
    public var importer: any HierarchyImporter.Type {
        switch self {
        case .recursiveDescription: RecursiveDescriptionImporter.self
        case .sentry: SentryImporter.self
        case .xcuitest: XCUITestImporter.self
        case .rrweb: RRWebImporter.self
        }
    }

    /// Converts `bytes` with this format's importer; `warn` hears what the input lacked although it imported.
    public func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void = { _ in }
    ) throws(ImportError) -> [JSONValue] {
        try importer.convert(bytes, sourceName: sourceName, warn: warn)
    }

    /// How people name the format in prose and error messages.
    public var displayName: String {
        switch self {
        case .recursiveDescription: "a UIView recursiveDescription dump"
        case .sentry: "Sentry JSON"
        case .xcuitest: "an XCUITest debugDescription tree"
        case .rrweb: "a session-replay touch stream (rrweb)"
        }
    }

    /// The names `--from` accepts for this format: the raw value first, then aliases.
    public var names: [String] {
        switch self {
        case .recursiveDescription: ["recursiveDescription", "recursive-description", "pviews"]
        case .sentry: ["sentry", "sentry-view-hierarchy"]
        case .xcuitest: ["xcuitest", "xcui", "debugDescription"]
        case .rrweb: ["rrweb", "session-replay", "sentry-replay", "posthog"]
        }
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

    /// Recognises a dump from its first bytes; `nil` means "not a known dump: read it as touchlog/1 JSON Lines".
    ///
    /// A touchlog/1 file (first record a `session`) is never detected as an import. Only the first 64 KiB are
    /// looked at, so detection costs the same whatever the file size. The rules are in docs/importers.md.
    public static func detect(_ bytes: [UInt8]) -> ImportFormat? {
        let head = Array(bytes.prefix(65_536))
        var start = 0
        if head.count >= 3, head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF { start = 3 }
        while start < head.count,
            ImportText.isSpace(head[start]) || head[start] == 0x0A || head[start] == 0x0D
        {
            start += 1
        }
        guard start < head.count else { return nil }
        if head[start] == UInt8(ascii: "{") || head[start] == UInt8(ascii: "[") {
            return detectJSON(head, from: start)
        }
        return detectText(head, from: start)
    }

    private static func detectJSON(_ head: [UInt8], from start: Int) -> ImportFormat? {
        // The first line decides touchlog/1: its header is one line, whatever its key order.
        var end = start
        while end < head.count, head[end] != 0x0A { end += 1 }
        let firstLine = head[start..<end].filter { !ImportText.isSpace($0) }
        if ImportText.contains(firstLine, #""type":"session""#)
            || ImportText.contains(firstLine, #""format":"touchlog/"#)
        {
            return nil
        }
        for key in [#""windows""#, #""rendering_system""#, #""breadcrumbs""#]
        where ImportText.contains(head, key) {
            return .sentry
        }
        return nil
    }

    private static func detectText(_ head: [UInt8], from start: Int) -> ImportFormat? {
        if ImportText.contains(head, "Element subtree:") { return .xcuitest }
        var lines = 0
        for line in ImportText.lines(head) {
            // A dump announces itself within its first screenful; past that, stop paying for the scan.
            if lines >= 400 { break }
            lines += 1
            if ImportText.hasPrefix(line.bytes, "Attributes: ") { return .xcuitest }
            let content = RecursiveDescriptionImporter.viewContent(of: line.bytes)
            if RecursiveDescriptionImporter.looksLikeViewLine(content) { return .recursiveDescription }
            if XCUITestImporter.looksLikeElementLine(line.bytes) { return .xcuitest }
        }
        return nil
    }
}
