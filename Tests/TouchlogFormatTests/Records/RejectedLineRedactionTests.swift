import Testing

@testable import TouchlogFormat

/// The tolerant scan that blanks text in lines ingest sets aside: each example is a line as a recorder (or a crash)
/// may write it and exactly what is kept of it.
@Suite struct RejectedLineRedactionTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        var line: [UInt8]
        var kept: String
        var keys = [TextRedaction.key]
        var testDescription: String { name }

        init(_ name: String, _ line: String, _ kept: String, keys: [String] = [TextRedaction.key]) {
            self.init(name, bytes: Array(line.utf8), kept, keys: keys)
        }

        init(_ name: String, bytes: [UInt8], _ kept: String, keys: [String] = [TextRedaction.key]) {
            self.name = name
            self.line = bytes
            self.kept = kept
            self.keys = keys
        }
    }

    static let examples: [Example] = [
        Example(
            "a valid key record",
            #"{"type":"key","t":1,"text":"SECRET"}"#,
            #"{"type":"key","t":1,"text":"<redacted 6 bytes>"}"#),
        Example(
            "a line cut inside the text",
            #"{"type":"key","t":99.0,"text":"SECR"#,
            #"{"type":"key","t":99.0,"text":"<redacted 4 bytes, cut off>""#),
        Example(
            "a line cut right after the opening quote",
            #"{"type":"key","t":99.0,"text":""#,
            #"{"type":"key","t":99.0,"text":"<redacted 0 bytes, cut off>""#),
        Example(
            "a line cut inside an escape",
            #"{"type":"key","t":1,"text":"SEC\"#,
            #"{"type":"key","t":1,"text":"<redacted 4 bytes, cut off>""#),
        Example(
            "an escaped quote inside the text",
            #"{"text":"SEC\"RET","t":1}"#,
            #"{"text":"<redacted 8 bytes>","t":1}"#),
        Example(
            "an escaped backslash ending the text",
            #"{"text":"SECRET\\","t":1}"#,
            #"{"text":"<redacted 8 bytes>","t":1}"#),
        Example(
            "whitespace around the colon",
            "{\"text\" :\t \"SECRET\" , \"t\":1}",
            "{\"text\" :\t \"<redacted 6 bytes>\" , \"t\":1}"),
        Example(
            "a member name written with escapes",
            #"{"te\u0078t":"SECRET","t\u0065xt":"AGAIN"}"#,
            #"{"te\u0078t":"<redacted 6 bytes>","t\u0065xt":"<redacted 5 bytes>"}"#),
        Example(
            "text inside another member's string is not a member",
            #"{"note":"\"text\":\"x\"","t":1}"#,
            #"{"note":"\"text\":\"x\"","t":1}"#),
        Example(
            "text as a value is not a member",
            #"{"type":"text","list":["text","text"],"t":1}"#,
            #"{"type":"text","list":["text","text"],"t":1}"#),
        Example(
            "views nested in a snapshot",
            #"{"type":"snapshot","windows":[{"id":"w","subviews":[{"id":"a","text":"ONE"},{"id":"b","subviews":[{"text":"TWO"}]}]}],"t":0}"#,
            #"{"type":"snapshot","windows":[{"id":"w","subviews":[{"id":"a","text":"<redacted 3 bytes>"},{"id":"b","subviews":[{"text":"<redacted 3 bytes>"}]}]}],"t":0}"#
        ),
        Example(
            "a text that is an object or an array",
            #"{"text":{"a":["SECRET",{"text":"x"}]},"t":1,"x":{"text":[1,"SECRET"]}}"#,
            #"{"text":"<redacted 29 bytes>","t":1,"x":{"text":"<redacted 12 bytes>"}}"#),
        Example(
            "a text that is a number",
            #"{"text":12345,"t":1}"#,
            #"{"text":"<redacted 5 bytes>","t":1}"#),
        Example(
            "a line cut inside a text that is an array",
            #"{"text":["SEC"#,
            #"{"text":"<redacted 5 bytes, cut off>""#),
        Example(
            "a line cut inside a member name inside a text that is an object",
            #"{"text":{"na"#,
            #"{"text":"<redacted 4 bytes, cut off>""#),
        Example(
            "a bad escape in the text",
            #"{"type":"key","t":3,"text":"SEC\qRET"}"#,
            #"{"type":"key","t":3,"text":"<redacted 8 bytes>"}"#),
        Example(
            "invalid UTF-8 in the text",
            bytes: Array(#"{"text":"SE"#.utf8) + [0xFF, 0xC3] + Array(#"CRET","t":1}"#.utf8),
            #"{"text":"<redacted 8 bytes>","t":1}"#),
        Example(
            "invalid UTF-8 outside the text is kept as the line would be",
            bytes: Array(#"{"a":""#.utf8) + [0xFF] + Array(#"","text":"SECRET"}"#.utf8),
            #"{"a":"\#u{FFFD}","text":"<redacted 6 bytes>"}"#),
        Example(
            "a closing brace too many",
            #"{"type":"key","t":3,"text":"SECRET"}}"#,
            #"{"type":"key","t":3,"text":"<redacted 6 bytes>"}<redacted 1 byte from a break in the JSON>"#),
        Example(
            "closing braces missing",
            #"{"type":"insert","view":{"id":"a","text":"SECRET""#,
            #"{"type":"insert","view":{"id":"a","text":"<redacted 6 bytes>""#),
        Example(
            "a missing comma before the text",
            #"{"type":"key","t":3 "text":"SECRET"}"#,
            #"{"type":"key","t":3 <redacted 16 bytes from a break in the JSON>"#),
        Example(
            "a lost quote after the member name",
            #"{"type":"key","t":3,"text:"SECRET"}"#,
            #"{"type":"key","t":3,"text:"<redacted 8 bytes from a break in the JSON>"#),
        Example(
            "a lost quote before the member name",
            #"{"type":"key","t":3,text":"SECRET"}"#,
            #"{"type":"key","t":3,<redacted 15 bytes from a break in the JSON>"#),
        Example(
            "an unescaped quote inside the text",
            #"{"text":"say "hi" now","t":1}"#,
            #"{"text":"<redacted 4 bytes>"<redacted 15 bytes from a break in the JSON>"#),
        Example(
            "a break in a line that could spell text with an escape",
            #"{"a":1 "\u0074ext":"SECRET"}"#,
            #"{"a":1 <redacted 21 bytes from a break in the JSON>"#),
        Example(
            "a break blanks the rest of the line, text or not: there is no telling",
            #"{"type":"touch","t":1,,"x":2}"#,
            #"{"type":"touch","t":1,<redacted 7 bytes from a break in the JSON>"#),
        Example(
            "not JSON at all",
            "{oops",
            "{<redacted 4 bytes from a break in the JSON>"),
        Example(
            "a member name with an escape the reader refuses",
            #"{"t":1,"te\xt":"SECRET"}"#,
            #"{"t":1,<redacted 17 bytes from a break in the JSON>"#),
        Example(
            "a member name with characters beyond ASCII",
            #"{"caf\u00e9":"x","\u00e9\ud83d\ude00":"y","text":"SECRET"}"#,
            #"{"caf\u00e9":"x","\u00e9\ud83d\ude00":"y","text":"<redacted 6 bytes>"}"#),
        Example(
            "the same member twice",
            #"{"text":"ONE","text":"TWO"}"#,
            #"{"text":"<redacted 3 bytes>","text":"<redacted 3 bytes>"}"#),
        Example(
            "a byte order mark",
            bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"text":"SECRET"}"#.utf8),
            "\u{FEFF}" + #"{"text":"<redacted 6 bytes>"}"#),
        Example(
            "labels, with their names as keys",
            #"{"type":"set","t":1,"view":"b","accessibilityLabel":"Call Ann","text":"kept","imported":{"value":"Ann"}}"#,
            #"{"type":"set","t":1,"view":"b","accessibilityLabel":"<redacted 8 bytes>","text":"kept","imported":{"value":"<redacted 3 bytes>"}}"#,
            keys: LabelRedaction.keys),
        Example(
            "no keys: the line as written",
            #"{"text":"SECRET"}"#,
            #"{"text":"SECRET"}"#,
            keys: []),
    ]

    @Test(arguments: examples)
    func keepsWhatTheLineHoldsBesidesText(_ example: Example) {
        #expect(RejectedLineRedaction.redact(example.line, keys: example.keys).text == example.kept)
    }

    /// Lines a crash or a faulty recorder could make of a record holding text: cut anywhere, or with one structural
    /// byte lost, or with a stray quote or backslash inserted anywhere. None of them may keep four bytes in a row of
    /// the text. Left out: damage that turns the member's name into another valid name (a lost letter, `"tex"`, or a
    /// backslash before its `t`, `"\text"`, a tab and `ext`): that is another member, for the scan as for the reader.
    @Test(arguments: [
        #"{"type":"key","t":1,"text":"qzxjvkwq","n":2}"#,
        #"{"type":"snapshot","t":0,"windows":[{"id":"w","subviews":[{"id":"f","text":"qzxjvkwq","frame":[0,0,1,1]}]}]}"#,
        #"{"type":"set","t":1,"view":"f","accessibilityLabel":"x","text" : "qzx\"jvkwq"}"#,
    ])
    func noDamageToALineRevealsItsText(_ written: String) {
        let line = Array(written.utf8)
        let secret = Array("qzxjvkwq".utf8)
        let letters = Set(Array("textqzxjvkwq".utf8))
        var damaged: [[UInt8]] = (0...line.count).map { Array(line.prefix($0)) }
        for index in line.indices where !letters.contains(line[index]) {
            var lost = line
            lost.remove(at: index)
            damaged.append(lost)
        }
        let name = Array(#""text""#.utf8)
        let names = line.indices.filter { line[$0...].starts(with: name) }.map { $0..<$0 + name.count }
        for index in 0...line.count {
            for stray in [UInt8(ascii: "\""), UInt8(ascii: "\\")] {
                if stray == UInt8(ascii: "\\"), index < line.count, line[index] == UInt8(ascii: "t"),
                    names.contains(where: { $0.contains(index) })
                {
                    continue
                }
                var inserted = line
                inserted.insert(stray, at: index)
                damaged.append(inserted)
            }
        }
        for bytes in damaged {
            let kept = Array(RejectedLineRedaction.redact(bytes, keys: [TextRedaction.key]).text.utf8)
            let leaked = (0...(secret.count - 4)).contains { start in
                let run = secret[start..<start + 4]
                return kept.count >= 4 && (0...(kept.count - 4)).contains { kept[$0..<$0 + 4].elementsEqual(run) }
            }
            #expect(
                !leaked, "\(String(decoding: bytes, as: UTF8.self)) kept as \(String(decoding: kept, as: UTF8.self))")
        }
    }

    @Test func saysWhichBytesWereBlanked() {
        let line = #"{"t":1,"text":"SEC\qRET"}"#
        let kept = RejectedLineRedaction.redact(Array(line.utf8), keys: [TextRedaction.key])
        let value = Array(line.utf8).firstIndex(of: UInt8(ascii: "S"))! - 1
        #expect(kept.blanked == [value..<value + 10])
        #expect(kept.isBlanked(value + 4) && !kept.isBlanked(value - 1) && !kept.isBlanked(value + 10))
    }
}
