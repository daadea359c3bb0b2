/// One `<Class: 0xADDR; key = value; key: value>` description, split into its parts without interpreting them.
///
/// Values are kept as bytes; nested `<…; …>`, `(…; …)`, `{…; …}` and `[…]` stay inside the value they belong
/// to, and a quoted value (`text = 'It's; fine'`) ends at the first quote followed by `;` or `>` (UIKit does not
/// escape quotes, so that is the best reading there is).
struct RecursiveDescriptionLine {
    struct Property {
        var key: String
        /// `nil` for a bare word between semicolons.
        var value: ArraySlice<UInt8>?
        var quoted: Bool
        /// 0-based offset of the value (or key) in the content, for error columns.
        var offset: Int
    }

    /// What went wrong and where (0-based offset in the content).
    struct Failure: Error {
        var offset: Int
        var reason: String
        var hint: String?
        /// The description did not close before the line ended: the next line may continue it.
        var unterminated = false
    }

    var className: String
    var address: String?
    var properties: [Property] = []
    /// Text UIKit prints after the closing `>` of some descriptions: ` collection view layout: <…>` (UICollectionView),
    /// ` effect=none` (UIVisualEffectView), ` layout=0x…`, ` - (null)`.
    var textAfter: String?
    /// What a text view's container prints after its own description, inside the outer `<<…>`: `minSize = {…},
    /// maxSize = {…}, textContainer = <NSTextContainer: …>; lineBreakMode = 0` (iOS 16 and later).
    var container: String?
    /// The offset just after the description's closing `>`: where the text after it starts.
    var end = 0

    static let shapeHint =
        "expected a view description like `<UIView: 0x7fb1; frame = (0 0; 393 852); …>`"

    /// Parses `content`, which starts with `<`.
    static func parse(_ content: [UInt8]) -> Result<RecursiveDescriptionLine, Failure> {
        let n = content.count
        guard n > 0, content[0] == UInt8(ascii: "<") else {
            return .failure(
                Failure(offset: 0, reason: "a view line must start with '<'", hint: shapeHint))
        }
        // A text view's container view describes itself inside an extra pair of angle brackets:
        // `<<_UITextContainerView: 0x…; frame = …>>`. The inner description is the view.
        let wrapped = n > 1 && content[1] == UInt8(ascii: "<")
        var line: RecursiveDescriptionLine
        var i: Int
        switch description(content, from: wrapped ? 1 : 0) {
        case .success(let (parsed, end)):
            line = parsed
            i = end
        case .failure(let failure): return .failure(failure)
        }
        var container: ArraySlice<UInt8> = []
        if wrapped {
            // iOS 16 and later print what the container holds between the inner description and the outer `>`:
            // `<<_UITextContainerView: 0x…; frame = …>> minSize = {…}, maxSize = {…}, textContainer =
            // <NSTextContainer: 0x… size = (…); …>; lineBreakMode = 0>`. Older versions close both at once.
            let tailStart = i
            var depth = 0
            while i < n {
                let byte = content[i]
                if byte == UInt8(ascii: ">"), depth == 0 { break }
                switch byte {
                case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth = max(0, depth - 1)
                default: break
                }
                i += 1
            }
            guard i < n, tailStart == i || ImportText.contains(content[tailStart..<i], "=") else {
                return .failure(
                    Failure(
                        offset: tailStart, reason: "the description opened with '<<' is not closed by '>>'",
                        hint: "the line looks cut; copy the whole line from the console", unterminated: i >= n))
            }
            container = ImportText.trimmed(content[tailStart..<i])
            i += 1
        }
        line.end = i
        let rest = ImportText.trimmed(content[i..<n])
        if !rest.isEmpty { line.textAfter = ImportText.string(rest) }
        if !container.isEmpty { line.container = ImportText.string(container) }
        return .success(line)
    }

    /// Reads one `<Class: 0xADDR; …>` starting at `start` (a `<`); returns it and the index after its `>`.
    private static func description(_ content: [UInt8], from start: Int) -> Result<
        (RecursiveDescriptionLine, Int), Failure
    > {
        let n = content.count
        var i = start + 1
        var depth = 0
        while i < n {
            let byte = content[i]
            if byte == UInt8(ascii: "<") {
                depth += 1
            } else if byte == UInt8(ascii: ">") {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0, byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") {
                break
            }
            i += 1
        }
        let name = ImportText.trimmed(content[(start + 1)..<i])
        guard !name.isEmpty else {
            return .failure(Failure(offset: start + 1, reason: "the view has no class name", hint: shapeHint))
        }
        var line = RecursiveDescriptionLine(className: ImportText.string(unescapedMarkdown(name)))
        guard i < n else { return .failure(unterminated(n)) }
        if content[i] == UInt8(ascii: ":") {
            i += 1
            while i < n, ImportText.isSpace(content[i]) { i += 1 }
            let addressStart = i
            while i < n, content[i] != UInt8(ascii: ";"), content[i] != UInt8(ascii: ">"),
                !ImportText.isSpace(content[i])
            {
                i += 1
            }
            let token = ImportText.string(content[addressStart..<i])
            if !token.isEmpty { line.address = token }
            while i < n, ImportText.isSpace(content[i]) { i += 1 }
        }
        // Set when the last property's value ran into the frame with no `;` between them.
        var frameFollows = false
        while true {
            guard i < n else { return .failure(unterminated(n)) }
            if !frameFollows {
                if content[i] == UInt8(ascii: ">") {
                    i += 1
                    break
                }
                guard content[i] == UInt8(ascii: ";") else {
                    let found = ImportText.string(content[i..<min(n, i + 20)])
                    return .failure(
                        Failure(
                            offset: i, reason: "unexpected '\(found)' where ';' or '>' should be", hint: shapeHint))
                }
                i += 1
                while i < n, ImportText.isSpace(content[i]) { i += 1 }
            }
            frameFollows = false
            switch property(content, &i) {
            case .success(var property?):
                // React Native's text views print `text: Hide frame = (23 40; 34 18)`: the text, then the frame
                // with no `;` before it. The frame is the view's, not part of its text.
                if property.key != "frame", !property.quoted, let value = property.value,
                    let frame = frameStart(in: value)
                {
                    property.value = ImportText.trimmed(value[..<frame])
                    i = frame
                    frameFollows = true
                }
                line.properties.append(property)
            case .success(nil): break
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success((line, i))
    }

    /// A class name as Markdown left it when a dump was pasted as prose: `\_UILayoutGuide` is `_UILayoutGuide` (no
    /// class name holds a backslash, and authors escape the `_` so it does not start italics).
    private static func unescapedMarkdown(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard name.contains(UInt8(ascii: "\\")) else { return name }
        var result: [UInt8] = []
        var index = name.startIndex
        while index < name.endIndex {
            let next = name.index(after: index)
            if name[index] == UInt8(ascii: "\\"), next < name.endIndex, name[next] == UInt8(ascii: "_") {
                index = next
                continue
            }
            result.append(name[index])
            index = next
        }
        return result[...]
    }

    private static func trimmedAcrossLines(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, ImportText.isSpace(first) || first == 0x0A { slice = slice.dropFirst() }
        while let last = slice.last, ImportText.isSpace(last) || last == 0x0A { slice = slice.dropLast() }
        return slice
    }

    private static func unterminated(_ n: Int) -> Failure {
        Failure(
            offset: n, reason: "the view description is not closed by '>'",
            hint: "the line looks cut; copy the whole line from the console", unterminated: true)
    }

    /// Reads `key = value`, `key: value` or a bare word, leaving `i` on the `;` or `>` that ends it.
    private static func property(_ c: [UInt8], _ i: inout Int) -> Result<Property?, Failure> {
        let n = c.count
        let keyStart = i
        while i < n, c[i] != UInt8(ascii: "="), c[i] != UInt8(ascii: ":"), c[i] != UInt8(ascii: ";"),
            c[i] != UInt8(ascii: ">"), c[i] != UInt8(ascii: "<"), c[i] != UInt8(ascii: "(")
        {
            i += 1
        }
        // A description wrapped over lines (a label's newline, a book's line width) is read joined by `\n`, which may
        // fall inside a key or before a value (`frame` / `= (0 0; 320 568)`).
        let key = ImportText.string(trimmedAcrossLines(c[keyStart..<i]))
        guard i < n else { return .failure(unterminated(n)) }
        guard c[i] == UInt8(ascii: "=") || c[i] == UInt8(ascii: ":") else {
            if c[i] == UInt8(ascii: "<") || c[i] == UInt8(ascii: "(") {
                // A bare nested value such as `; <NSArray: 0x1>;`: keep it whole under its own text.
                let start = i
                skipValue(c, &i)
                let text = ImportText.string(ImportText.trimmed(c[start..<i]))
                let word = key.isEmpty ? text : key + " " + text
                return .success(Property(key: word, value: nil, quoted: false, offset: keyStart))
            }
            return .success(
                key.isEmpty ? nil : Property(key: key, value: nil, quoted: false, offset: keyStart))
        }
        i += 1
        while i < n, ImportText.isSpace(c[i]) || c[i] == 0x0A { i += 1 }
        let valueStart = i
        if i < n, c[i] == UInt8(ascii: "'") {
            var j = i + 1
            while j < n {
                if c[j] == UInt8(ascii: "'"), j + 1 < n,
                    c[j + 1] == UInt8(ascii: ";") || c[j + 1] == UInt8(ascii: ">")
                {
                    break
                }
                j += 1
            }
            guard j < n else {
                return .failure(
                    Failure(
                        offset: valueStart, reason: "the quoted value of '\(key)' is not closed",
                        hint: "the text may span lines; keep the dump's lines as printed", unterminated: true))
            }
            i = j + 1
            return .success(
                Property(key: key, value: c[(valueStart + 1)..<j], quoted: true, offset: valueStart))
        }
        skipValue(c, &i)
        return .success(
            Property(
                key: key, value: ImportText.trimmed(c[valueStart..<i]), quoted: false, offset: valueStart))
    }

    /// Where `frame = (` or `frame = {{` starts inside an unquoted value (at its start or after a space), outside any
    /// brackets of it.
    private static func frameStart(in value: ArraySlice<UInt8>) -> Int? {
        var depth = 0
        var index = value.startIndex
        while index < value.endIndex {
            switch value[index] {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "f") where depth == 0 && (index == value.startIndex || value[index - 1] == 0x20):
                var after = index + 5
                guard value[index..<min(after, value.endIndex)].elementsEqual("frame".utf8) else { break }
                while after < value.endIndex, ImportText.isSpace(value[after]) { after += 1 }
                guard after < value.endIndex, value[after] == UInt8(ascii: "=") else { break }
                after += 1
                while after < value.endIndex, ImportText.isSpace(value[after]) { after += 1 }
                if after < value.endIndex, value[after] == UInt8(ascii: "(") { return index }
                if after + 1 < value.endIndex, value[after] == UInt8(ascii: "{"), value[after + 1] == UInt8(ascii: "{")
                {
                    return index
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Moves `i` to the `;` or `>` that ends a value at nesting depth zero (or to the end).
    private static func skipValue(_ c: [UInt8], _ i: inout Int) {
        var depth = 0
        while i < c.count {
            switch c[i] {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return }
                depth -= 1
            case UInt8(ascii: ";"):
                if depth == 0 { return }
            default: break
            }
            i += 1
        }
    }
}

extension RecursiveDescriptionLine {
    /// The length of the result prefix lldb prints before a description, when `content` starts with one and a
    /// description follows: `$3 = 0x07117ac0 ` (`po` in old lldb), `(UIView *) $1 = 0x00007fb1c2d0a2b0 ` (`p`), and
    /// Swift's `$R0 = `. Nil for anything else, so `$3 = 5` or prose stays as it is.
    static func resultPrefixLength(_ content: [UInt8]) -> Int? {
        var index = 0
        let n = content.count
        if index < n, content[index] == UInt8(ascii: "(") {
            // The static type lldb prints first: `(UIView *)`, `(UIWindow *)`, `(id)`.
            while index < n, index < 200, content[index] != UInt8(ascii: ")") { index += 1 }
            guard index < n, content[index] == UInt8(ascii: ")") else { return nil }
            index += 1
            while index < n, ImportText.isSpace(content[index]) { index += 1 }
        }
        guard index < n, content[index] == UInt8(ascii: "$") else { return nil }
        index += 1
        if index < n, content[index] == UInt8(ascii: "R") { index += 1 }
        let digits = index
        while index < n, ImportText.isDigit(content[index]) { index += 1 }
        guard index > digits else { return nil }
        while index < n, ImportText.isSpace(content[index]) { index += 1 }
        guard index < n, content[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < n, ImportText.isSpace(content[index]) { index += 1 }
        if ImportText.hasPrefix(content[index...], "0x") {
            index += 2
            while index < n, ImportText.isHexDigit(content[index]) { index += 1 }
            while index < n, ImportText.isSpace(content[index]) { index += 1 }
        }
        // The description, or (iOS 6) the controller note printed before it: `'LoginViewController:0x1d54…' …`.
        guard index < n, content[index] == UInt8(ascii: "<") || content[index] == UInt8(ascii: "'") else { return nil }
        return index
    }
}

/// Geometry values as UIKit's descriptions print them.
enum DescribedGeometry {
    /// `(x y; w h)` (UIView) or `{{x, y}, {w, h}}` (NSStringFromCGRect, React Native), and what hands and older
    /// printers make of them: any spacing, commas for spaces (`(0, 0; 393, 852)`), the semicolon left out
    /// (`(0 0 393 852)`), Swift's `(0.0, 0.0, 393.0, 852.0)` and `(origin: (x: 0, y: 0), size: (width: 393,
    /// height: 852))`, `{0, 0, 393, 852}`. Every one of them lists x, y, width, height in that order, so four numbers
    /// in balanced brackets are one reading; anything else (three numbers, a stray word) is not a rectangle.
    static func rect(_ value: ArraySlice<UInt8>) -> [Double]? {
        let text = ImportText.trimmed(value)
        guard let first = text.first, let last = text.last,
            (first == UInt8(ascii: "(") && last == UInt8(ascii: ")"))
                || (first == UInt8(ascii: "{") && last == UInt8(ascii: "}")),
            !ImportText.contains(text, "{{{")
        else { return nil }
        var depth = 0
        var semicolons = 0
        for byte in text {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"):
                depth -= 1
                guard depth >= 0 else { return nil }
            case UInt8(ascii: ";"): semicolons += 1
            default: break
            }
        }
        guard depth == 0, semicolons <= 1 else { return nil }
        let parts = text.split(whereSeparator: {
            ImportText.isSpace($0) || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "{")
                || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";")
        })
        .filter { !rectLabels.contains(ImportText.string($0)) }
        guard parts.count == 4 else { return nil }
        return numbers(parts)
    }

    /// The member names Swift prints in a CGRect's dump; nothing else may stand between the numbers.
    private static let rectLabels: Set<String> = ["origin:", "size:", "x:", "y:", "width:", "height:"]

    /// `{x, y}` as CGPoint prints.
    static func point(_ value: ArraySlice<UInt8>) -> [Double]? {
        let text = ImportText.trimmed(value)
        guard text.first == UInt8(ascii: "{"), text.last == UInt8(ascii: "}") else { return nil }
        let parts = text.dropFirst().dropLast().split(separator: UInt8(ascii: ","))
        guard parts.count == 2 else { return nil }
        return numbers(parts)
    }

    /// `[a, b, c, d, tx, ty]` as CGAffineTransform prints in a description.
    static func transform(_ value: ArraySlice<UInt8>) -> [Double]? {
        let text = ImportText.trimmed(value)
        guard text.first == UInt8(ascii: "["), text.last == UInt8(ascii: "]") else { return nil }
        let parts = text.dropFirst().dropLast().split(separator: UInt8(ascii: ","))
        guard parts.count == 6 else { return nil }
        return numbers(parts)
    }

    private static func numbers(_ parts: [ArraySlice<UInt8>]) -> [Double]? {
        var result: [Double] = []
        for part in parts {
            guard let number = ImportText.number(part) else { return nil }
            result.append(number)
        }
        return result
    }
}
