/// A dump shown in a web page: `&lt;UIWindow: 0x…; frame = (0 0; 320 480); …&gt;` inside `<pre>`. Decided by content:
/// the text holds an escaped line of the dump (a recursiveDescription's `&lt;UIView: 0x…` unless the caller says
/// what its lines look like: EarlGrey's `|--&lt;UIView:0x…; AX=N; …`) and no such line unescaped, so every raw `<…>`
/// is the page's markup and every entity is the dump's text.
struct HTMLEscapedDump {
    /// The text with the page's tags left out and `&lt; &gt; &amp; &quot; &#39; &apos;` undone, line for line.
    var text: [UInt8]
    /// Lines whose bytes changed (their columns no longer count the input's bytes).
    var changedLines: Set<Int>
    /// The first line that held an entity.
    var firstLine: Int

    /// `isTreeLine` says whether a line (as it is, or unescaped) is one of the dump's: a recursiveDescription
    /// line unless said otherwise (EarlGrey's importer passes its own).
    init?(
        _ bytes: [UInt8],
        isTreeLine: (ArraySlice<UInt8>) -> Bool = {
            RecursiveDescriptionImporter.looksLikeViewLine(RecursiveDescriptionImporter.viewContent(of: $0))
        }
    ) {
        guard ImportText.contains(bytes.prefix(ImportFormat.textDetectionWindow), "&lt;"),
            ImportText.contains(bytes.prefix(ImportFormat.textDetectionWindow), "&gt;")
        else { return nil }
        var text: [UInt8] = []
        var changed: Set<Int> = []
        var first: Int?
        var sawView = false
        for line in ImportText.lines(bytes) {
            let raw = Array(line.bytes)
            // A description left unescaped means the text is not escaped as a whole: nothing is undone.
            if isTreeLine(line.bytes) { return nil }
            let unescaped = Self.unescaped(Self.withoutTags(raw))
            if unescaped != raw {
                changed.insert(line.number)
                if first == nil, ImportText.contains(raw, "&") { first = line.number }
            }
            if !sawView, isTreeLine(unescaped[...]) { sawView = true }
            // A line is replaced, never removed, so every line keeps its number.
            if line.number > 1 { text.append(0x0A) }
            text += unescaped
        }
        guard sawView, let first else { return nil }
        self.text = text
        self.changedLines = changed
        self.firstLine = first
    }

    /// The line without raw `<tag …>` / `</tag>` markup (in escaped text every real `<` is `&lt;`).
    private static func withoutTags(_ line: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: "<"), let close = line[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            result.append(line[index])
            index += 1
        }
        return result
    }

    private static let entities: [(String, UInt8)] = [
        ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")), ("&quot;", UInt8(ascii: "\"")),
        ("&#39;", UInt8(ascii: "'")), ("&#x27;", UInt8(ascii: "'")), ("&apos;", UInt8(ascii: "'")),
        ("&amp;", UInt8(ascii: "&")),
    ]

    /// `&lt; &gt; &amp; &quot; &#39; &apos;` undone, each once (`&amp;lt;` is the text `&lt;`).
    private static func unescaped(_ line: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        outer: while index < line.count {
            if line[index] == UInt8(ascii: "&") {
                for (entity, byte) in entities where line[index...].starts(with: entity.utf8) {
                    result.append(byte)
                    index += entity.utf8.count
                    continue outer
                }
            }
            result.append(line[index])
            index += 1
        }
        return result
    }
}
