/// Escaping of text that comes from a recording (class names, labels, ids): every format passes such text
/// through one of these, so `<script>` in a label is shown, never run or parsed.
enum Escape {
    /// For HTML text and attribute values (quoted with `"`), and SVG inside HTML.
    static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters other than tab and newline are not allowed in HTML or XML text.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" || (0x7F...0x9F).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// For XML 1.0 text and attributes (JUnit): the same entities, and characters XML forbids replaced.
    static func xml(_ text: String) -> String {
        html(text).replacingOccurrences(of: "&#39;", with: "&apos;")
    }

    /// For Markdown text (GitHub and GitLab flavours), including table cells: punctuation that would format
    /// is backslash-escaped, HTML is turned into entities, line breaks become spaces.
    static func markdown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r": out += " "
            // `#` and `@` too: trackers turn "#123" into issue links and "@name" into mentions.
            case "\\", "`", "*", "_", "[", "]", "#", "|", "~", "@":
                out += "\\"
                out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// For the message of a GitHub Actions workflow command (`::error …::MESSAGE`), as the runner decodes it
    /// (actions/toolkit's `escapeData`): `%`, CR and LF percent-encoded, in one pass. A recording's text can then
    /// neither end the command's line nor put a command of its own (`::add-mask::`, `::stop-commands::`) at the
    /// start of one. Other control characters are shown as on a terminal (`\u{1B}`): the log viewer renders ANSI.
    static func githubMessage(_ text: String) -> String { github(text, property: false) }

    /// For a property value of a workflow command (`file=…,title=…`): as ``githubMessage(_:)``, and `:` and `,`
    /// too, which would end the value (actions/toolkit's `escapeProperty`).
    static func githubProperty(_ text: String) -> String { github(text, property: true) }

    private static func github(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default:
                if scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// For formats whose every message is one line (xcode): text a person reads, not Swift source. A line break
    /// from a recording (a button label on two lines) reads as the space it stands for on screen, CR LF and runs of
    /// breaks as one; a tab is a space too. Other control characters stay visible as on a terminal (`\u{1B}`), so
    /// an escape sequence is shown, never run.
    static func singleLine(_ text: String) -> String {
        var out = ""
        var inBreak = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t", "\u{85}", "\u{2028}", "\u{2029}":
                if !inBreak { out += " " }
                inBreak = true
            default:
                inBreak = false
                out += terminal(String(scalar))
            }
        }
        return out
    }

    /// For a terminal: control characters (ANSI escape sequences a recording could carry) shown as `\u{1B}`.
    static func terminal(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Markdown escaping for other files of the module (the rules document).
enum MarkdownText {
    static func escape(_ text: String) -> String { Escape.markdown(text) }
}

/// Numbers as people read them in reports: integers without ".0", others with at most 3 decimals.
enum NumberText {
    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(.towardZero), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(rounded)
        if text.contains("e") { text = "\(value)" }
        return text
    }

    /// How many runs of records a list shows before it counts the rest: a finding over a long session cites
    /// thousands of records, and one line of 30,000 characters (issue 27, item 6) helps nobody; the first runs say
    /// where to look, the JSON output keeps every record.
    static let rangesShown = 10

    /// "9, 12-14, 20": record lines, consecutive runs collapsed; past ``rangesShown`` runs, "… and N more" counts
    /// the records left out.
    static func ranges(_ values: [Int]) -> String {
        let sorted = Array(Set(values)).sorted()
        var parts: [String] = []
        var index = 0
        while index < sorted.count {
            if parts.count == rangesShown {
                return parts.joined(separator: ", ") + " … and \(sorted.count - index) more"
            }
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
