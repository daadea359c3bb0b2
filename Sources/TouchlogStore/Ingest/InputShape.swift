import TouchlogFormat

/// What an input that is not JSON Lines is, from its first bytes, so that ingest can say so in one accurate
/// message (instead of "its first line is not a JSON object" for a zip file) and say what to do with it.
enum InputShape {
    struct Problem: Equatable {
        var message: String
        var hint: String
    }

    /// Nil for JSON Lines (the first non-blank byte opens an object) and for an empty input (which holds no
    /// session, and is reported as such).
    static func problem(_ prefix: [UInt8]) -> Problem? {
        for (magic, what, command) in compressed where prefix.starts(with: magic) {
            return Problem(
                message: "\(what)-compressed; touchlog reads plain and gzip-compressed recordings",
                hint: "decompress it on the way in: `\(command) FILE | touchlog ingest -`")
        }
        if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return Problem(
                message: "a zip archive, not a recording",
                hint: "unzip it and ingest the files inside (`unzip -p FILE '*.jsonl' | touchlog ingest -`)")
        }
        for (magic, what) in images where prefix.starts(with: magic) {
            return Problem(
                message: "\(what), not a recording", hint: "give the recording's .jsonl file (or a hierarchy dump)")
        }
        if let encoding = wideEncoding(prefix) {
            return Problem(
                message: "\(encoding) text; touchlog reads recordings in UTF-8",
                hint:
                    "convert it on the way in: `iconv -f \(encoding.split(separator: " ")[0]) -t UTF-8 FILE | touchlog ingest -`"
            )
        }
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        switch first {
        case UInt8(ascii: "{"):
            // JSON no importer claims is read as JSON Lines, unless it is a lookalike worth naming.
            guard let miss = NearMiss(Array(prefix)) else { return nil }
            return Problem(
                message: "neither a touchlog/1 recording nor a dump touchlog imports: \(miss.message)",
                hint: "see docs/importers.md for the formats touchlog imports and how to capture them")
        case UInt8(ascii: "[") where !ImportFormat.opening(prefix).isText && opensJSONArray(bytes):
            return Problem(
                message: "a JSON array, not JSON Lines: a touchlog/1 recording is one JSON object per line",
                hint: "if the array holds touchlog/1 records, put one per line: `jq -c '.[]' FILE | touchlog ingest -`")
        default:
            if let miss = NearMiss(Array(prefix)) {
                // Something touchlog recognises as what it is not: say what, and what to capture instead.
                return Problem(
                    message: "neither a touchlog/1 recording nor a dump touchlog imports: \(miss.message)",
                    hint: "see docs/importers.md for the formats touchlog imports and how to capture them")
            }
            return Problem(
                message:
                    "neither a touchlog/1 recording (its first line is not a JSON object) nor a view-hierarchy dump touchlog recognizes",
                hint:
                    "if it is a dump or touch stream in another shape, force the format with --from \(ImportFormat.fromNamesList); see docs/importers.md"
            )
        }
    }

    /// Whether the first `[` in `bytes` opens a JSON array: a value or `]` follows it, past blanks. `[turn 0 by …]`
    /// or `[INFO] …` opens a line of text, whose error is not "a JSON array".
    static func opensJSONArray(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")) else { return false }
        let rest = bytes[(open + 1)...].drop(while: { [0x20, 0x09, 0x0A, 0x0D].contains($0) })
        guard let next = rest.first else { return true }  // cut right after the bracket
        if Array("{[]\"-0123456789".utf8).contains(next) { return true }
        return ["true", "false", "null"].contains { word in
            rest.starts(with: word.utf8)
                && rest.dropFirst(word.utf8.count).first.map { !Character(Unicode.Scalar($0)).isLetter } ?? true
        }
    }

    /// The encoding of text in UTF-16 or UTF-32 (what Windows tools and PowerShell's redirection write), from its
    /// byte-order mark or, without one, from the zero bytes around the first characters of a JSON line (`{"` is
    /// `7B 00 22 00` in UTF-16LE); nil for anything else (a file of zeros included).
    static func wideEncoding(_ prefix: [UInt8]) -> String? {
        if prefix.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE (little-endian)" }
        if prefix.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE (big-endian)" }
        if prefix.starts(with: [0xFF, 0xFE]) { return "UTF-16LE (little-endian)" }
        if prefix.starts(with: [0xFE, 0xFF]) { return "UTF-16BE (big-endian)" }
        guard prefix.count >= 4 else { return nil }
        let (a, b, c, d) = (prefix[0], prefix[1], prefix[2], prefix[3])
        switch (a, b, c, d) {
        case (0x01..., 0, 0, 0): return "UTF-32LE (little-endian)"
        case (0, 0, 0, 0x01...): return "UTF-32BE (big-endian)"
        case (0x01..., 0, 0x01..., 0): return "UTF-16LE (little-endian)"
        case (0, 0x01..., 0, 0x01...): return "UTF-16BE (big-endian)"
        default: return nil
        }
    }

    /// Compressions touchlog does not read itself, by magic number, with the command that decompresses them.
    private static let compressed: [([UInt8], String, String)] = [
        ([0x42, 0x5A, 0x68], "bzip2", "bzcat"),
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz", "xzcat"),
        ([0x28, 0xB5, 0x2F, 0xFD], "zstd", "zstdcat"),
    ]

    /// Files people attach to bug reports beside the recording.
    private static let images: [([UInt8], String)] = [
        ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
        ([0xFF, 0xD8, 0xFF], "a JPEG image"),
        ([0x25, 0x50, 0x44, 0x46], "a PDF document"),
    ]
}
