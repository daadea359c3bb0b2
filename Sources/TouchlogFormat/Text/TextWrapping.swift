/// A piece of a line of text for a terminal, and whether the line may break inside it.
public enum TextRun: Hashable, Sendable {
    /// Words: a line may break at any of its spaces.
    case prose(String)
    /// One unit a line never breaks inside, even when it holds spaces: a command to copy (`touchlog ingest FILE`),
    /// an option with its value, an element of a view's path, a `file:line`, a version with its build.
    case literal(String)

    public var text: String {
        switch self {
        case .prose(let text), .literal(let text): text
        }
    }
}

/// Fits text for people to a terminal's width (the text report, the sessions table, the replay timeline, show):
/// breaks at word boundaries, continuation lines indented (a hanging indent, so each item's first line stands out),
/// never inside a ``TextRun/literal(_:)``. A word wider than the line overflows it rather than being cut: a path or
/// a command cut in two could not be copied.
public struct TextWrapper: Sendable {
    /// Columns to fit; nil keeps every line whole.
    public var width: Int?

    public init(width: Int?) { self.width = width }

    /// `prefix` then `runs`, as one line or several, each ending with a newline; continuation lines start with
    /// `indent` spaces. The prefix stays on the first line with the first word; `prefixColumns` is its width on
    /// screen when that is not its length (colour codes take none). Without a width the text is the runs as they
    /// are, spaces and all.
    public func lines(_ prefix: String, prefixColumns: Int? = nil, _ runs: [TextRun], indent: Int) -> String {
        guard let width else { return prefix + runs.map(\.text).joined() + "\n" }
        var out = prefix
        var column = prefixColumns ?? Self.columns(prefix)
        var lineHasWord = false
        for word in Self.words(runs) {
            let wordColumns = Self.columns(word)
            if !lineHasWord {
                out += word
                column += wordColumns
                lineHasWord = true
            } else if column + 1 + wordColumns <= width {
                out += " " + word
                column += 1 + wordColumns
            } else {
                out += "\n" + String(repeating: " ", count: indent) + word
                column = indent + wordColumns
            }
        }
        return out + "\n"
    }

    /// Every line of `text` fitted: a line keeps its own indentation and continues 4 columns deeper, so that a
    /// tree printed one node a line stays a tree. Without a width the text is as it was.
    public func fit(_ text: String) -> String {
        guard width != nil else { return text }
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let body = line.drop { $0 == " " }
            let indent = line.count - body.count
            out += body.isEmpty ? "\n" : lines(String(line.prefix(indent)), [.prose(String(body))], indent: indent + 4)
        }
        return out
    }

    /// The units a line may break between: prose split at its spaces, a literal glued to whatever touches it
    /// (`(` + `touchlog ingest FILE` + `).` is one word).
    static func words(_ runs: [TextRun]) -> [String] {
        var words: [String] = []
        var current = ""
        for run in runs {
            switch run {
            case .literal(let text):
                current += text
            case .prose(let text):
                for character in text {
                    if character == " " {
                        if !current.isEmpty { words.append(current) }
                        current = ""
                    } else {
                        current.append(character)
                    }
                }
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Columns on a terminal: two for East Asian wide and fullwidth characters and emoji, one for other
    /// characters (a Character is a grapheme cluster, so combining marks count with their base).
    public static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    private static func isWide(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first, first.value >= 0x1100 else { return false }
        if first.properties.isEmojiPresentation || character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return true
        }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Presentation choices for text meant for a terminal, which are no part of what is printed: the CLI sets them
/// for standard output (``TextWrapper`` for the width).
public struct FormatOptions: Sendable {
    /// ANSI colour (the CLI sets it on a terminal when NO_COLOR is unset).
    public var color: Bool
    /// The columns to fit lines to, breaking at word boundaries with a hanging indent; nil leaves lines whole (the
    /// CLI passes the terminal's width, or `COLUMNS` when standard output is not a terminal, and nil when neither
    /// says one, so that what a script or a file receives does not depend on who ran it).
    public var width: Int?
    /// Session ids as text for people prints them, shortened where they stay unique among the stored sessions
    /// (`SessionIDAbbreviation`); an id not in it is printed whole.
    public var sessionIDs: [String: String]
    /// An absolute folder the CI formats (xcode, sarif, github, gitlab) print recordings' paths relative to (those
    /// outside it absolute), from the absolute path ingest stored; nil prints each path as given to
    /// `touchlog ingest`. The CLI passes `--base-path`, else the folder it runs in.
    public var basePath: String?
    /// Where `docs/rules.md` is published (an absolute URL): SARIF's rules then carry `helpUri`, this URL with the
    /// rule's anchor (`…/rules.md#blocked_tap`). nil leaves `helpUri` out (SARIF requires an absolute URI there, and
    /// touchlog does not know where its documentation is served); the `help` text is there either way.
    public var rulesURL: String?
    /// The HTML report links each finding to its moment in its session's replay page, `replay-SESSION.html#t=T`
    /// beside the report (`touchlog report --replay-pages DIR` writes those pages; docs/report.md).
    public var replayPages: Bool

    public init(
        color: Bool = false, width: Int? = nil, sessionIDs: [String: String] = [:], basePath: String? = nil,
        rulesURL: String? = nil, replayPages: Bool = false
    ) {
        self.color = color
        self.width = width
        self.sessionIDs = sessionIDs
        self.basePath = basePath
        self.rulesURL = rulesURL
        self.replayPages = replayPages
    }

    /// `id` as ``sessionIDs`` shortens it.
    public func sessionID(_ id: String) -> String { sessionIDs[id] ?? id }

    /// `text` in an ANSI colour (`code` is the SGR parameter, e.g. `1;31` for bold red) when ``color`` is on.
    public func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
