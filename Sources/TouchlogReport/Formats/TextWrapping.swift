/// A piece of a line of the text format, and whether the line may break inside it.
enum TextRun: Hashable {
    /// Words: a line may break at any of its spaces.
    case prose(String)
    /// One unit a line never breaks inside, even when it holds spaces: a command to copy (`touchlog ingest FILE`),
    /// an option with its value, an element of a view's path, a `file:line`, a version with its build.
    case literal(String)

    var text: String {
        switch self {
        case .prose(let text), .literal(let text): text
        }
    }
}

/// Fits the text format's lines to a terminal's width: breaks at word boundaries, continuation lines indented
/// (a hanging indent, so each item's first line stands out), never inside a ``TextRun/literal(_:)``. A word wider
/// than the line overflows it rather than being cut: a path or a command cut in two could not be copied.
struct TextWrapper {
    /// Columns to fit; nil keeps every line whole.
    var width: Int?

    /// `prefix` then `runs`, as one line or several, each ending with a newline; continuation lines start with
    /// `indent` spaces. The prefix stays on the first line with the first word; `prefixColumns` is its width on
    /// screen when that is not its length (colour codes take none). Without a width the text is the runs as they
    /// are, spaces and all.
    func lines(_ prefix: String, prefixColumns: Int? = nil, _ runs: [TextRun], indent: Int) -> String {
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
    static func columns(_ text: String) -> Int {
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
