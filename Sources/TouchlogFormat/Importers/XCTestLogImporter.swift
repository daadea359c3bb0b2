/// Imports the touches of a UI test run from XCTest's own activity log: the lines `xcodebuild test` prints for each
/// UI test and the activity titles of an `.xcresult`, joined to a view hierarchy captured in the same test.
///
/// ```text
///     t =     0.00s Start Test at 2025-03-02 10:15:02.123
///     t =     3.21s Tap "Sign In" Button
///     t =     3.25s         Synthesize event
///     t =     4.02s Type 'hello' into "Email" TextField
/// ```
///
/// An activity names its element as XCUITest queried it (`"Sign In" Button`: a label or identifier and an element
/// type), not where the finger went: only a hierarchy can place it. So the log is always joined to one
/// (``convert(_:sourceName:joining:warn:)``, `touchlog ingest LOG --hierarchy tree.txt`): each element is found
/// there and tapped at its frame's centre, as XCUITest taps an element's hit point. Without a hierarchy the log is
/// refused. An activity that cannot be placed (no such element, several, a swipe whose path the log does not give)
/// is a warning at its line, never a touch somewhere else. The mapping is in docs/importers.md.
public enum XCTestLogImporter: TouchStreamImporter {
    public static let format = ImportFormat.xctestLog

    /// Refuses: the activities name elements that only a hierarchy places.
    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record] {
        let log = try read(bytes)
        // The log's own first activity, as it names its element (`Tap "settings-button" Button`).
        let first = log.activities.first.map { "`\($0.title.prefix(60))`" } ?? "its activities"
        throw ImportError(
            format: format, line: log.activities.first?.line ?? 1, column: 1,
            reason:
                "an XCTest activity log names the elements it touched (\(first)), not where: it needs the hierarchy of "
                + "the same test to place them",
            hint:
                "pass the tree captured in that test with --hierarchy: print(app.debugDescription) (XCUITest) or po [[UIWindow keyWindow] recursiveDescription] (lldb) before the first tap"
        )
    }

    /// The activities in `bytes`, placed in `hierarchy` (another importer's records of the dump captured in the same
    /// test) and joined to it.
    public static func convert(
        _ bytes: [UInt8], sourceName: String, joining hierarchy: [Record], warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record] {
        let log = try read(bytes)
        // The first session's snapshots: the one the log is joined to (a file of several dumps is several sessions).
        let snapshots = hierarchy.dropFirst().prefix { $0.kind != .session }.compactMap { record -> SnapshotRecord? in
            if case .snapshot(let snapshot) = record { snapshot } else { nil }
        }
        if snapshots.count > 1 {
            warn(
                ImportWarning(
                    line: log.activities.first?.line ?? 1,
                    message:
                        "the hierarchy holds \(snapshots.count) snapshots: elements are placed in the first one only",
                    hint: "pass the one dump captured at the moment of the first activity"))
        }
        let screen = Screen(snapshots.first)
        var events: [Record] = []
        var touch = 0
        var lastT = 0.0
        for activity in log.activities {
            guard let time = activity.time(untimedStep: log.untimedStep) else { continue }
            if log.printsEvents, activity.synthesized == nil, activity.paths.isEmpty {
                // This log prints a `Synthesize event` step for every event it sends: an activity without one failed
                // before its event went (no such element, an interruption), and nothing touched the screen.
                warn(
                    ImportWarning(
                        line: activity.line, column: 1,
                        message:
                            "\"\(activity.title)\" has no `Synthesize event` step: XCTest sent no event for it, so it is not imported",
                        hint: "the test's failure message after it says why"))
                continue
            }
            let t = max(lastT, time)
            lastT = t
            if let hit = activity.hitPoint, !screen.contains(hit) {
                warn(
                    ImportWarning(
                        line: activity.line, column: 1,
                        message: "\"\(activity.title)\": XCTest computed the hit point (\(hit.x), \(hit.y)), outside "
                            + "every window: the event went there, so it touched nothing",
                        hint:
                            "XCTest could not make the element hittable (covered, off screen, or not an accessibility "
                            + "element at that moment); the test's failure follows from it"))
            }
            switch place(activity, on: screen) {
            case .failure(let failure):
                warn(
                    ImportWarning(
                        line: activity.line, column: 1,
                        message: "\"\(activity.title)\": \(failure.message): not imported",
                        hint: "an activity touchlog cannot place is left out, never guessed"))
            case .success(.touches(let fingers)):
                for finger in fingers {
                    touch += 1
                    for step in finger {
                        events.append(
                            .touch(
                                TouchRecord(
                                    t: rounded(t + step.offset), touch: .number(Int64(touch)), phase: step.phase,
                                    x: rounded(step.point.x), y: rounded(step.point.y))))
                    }
                }
            case .success(.keys(let text)):
                events.append(.key(KeyRecord(t: rounded(t), length: text.utf16.count, text: text)))
            }
        }
        // Fingers of one activity overlap in time with the next one's only if the log says so; order by time, input
        // order kept for equal times.
        let ordered = events.enumerated().sorted { left, right in
            let l = left.element.t ?? 0
            let r = right.element.t ?? 0
            return l != r ? l < r : left.offset < right.offset
        }.map(\.element)
        let header = ImportRecords.session(
            format: format, bytes: bytes, sourceName: sourceName, startedAt: log.startedAt)
        let (empty, _) = ImportRecords.snapshot(ImportedHierarchy())
        return RRWebImporter.joined(
            touches: [.session(header), .snapshot(empty)] + ordered, hierarchy: hierarchy, format: format)
    }

    // MARK: Reading the log

    /// What an activity asks XCUITest to do.
    enum Action: Equatable {
        case tap(count: Int, target: Target)
        case press(duration: Double, target: Target, dragTo: Target?)
        case type(text: String)
        /// A gesture the log does not say enough about to place (a swipe's direction but not its path).
        case unplaceable(String)
        /// `Type 'd' key with modifiers '⌘⇧' (0x12)` (`typeKey(_:modifierFlags:)`): a key pressed with modifiers,
        /// which types no text touchlog can tell and touches nothing.
        case keyPress(key: String, modifiers: String)

        /// A shortcut like ⌘⇧D: what the app does with it is no touch and no text.
        var isShortcut: Bool {
            guard case .keyPress(_, let modifiers) = self else { return false }
            return modifiers.contains(where: { "⌘⌃⌥".contains($0) })
        }
    }

    /// What an activity acts on.
    enum Target: Equatable {
        /// `"Sign In" Button`, `Button`, `Cell (Element at index 2)`, `Button (First Match)`; with `[0.50, 0.50]`
        /// after it, a coordinate inside the element (`coordinate(withNormalizedOffset:)`), in its width and height.
        case element(label: String?, type: String, index: Int?, offset: NormalizedOffset? = nil)
        /// `Button at {{20.0, 300.0}, {335.0, 44.0}}`: an element with its frame on screen.
        case frame(x: Double, y: Double, width: Double, height: Double)
        /// `… at {195.0, 422.0}`: a coordinate.
        case point(x: Double, y: Double)
        /// `Application 'com.example.Shop'` and anything else with no place of its own.
        case unknown(String)
    }

    /// Where in an element a coordinate tap went: fractions of its width and height from its top left corner.
    struct NormalizedOffset: Equatable {
        var dx: Double
        var dy: Double
    }

    /// One step of the element query an activity's `Find:` lines spell out (`Find: Descendants matching type Cell`,
    /// `Find: Element at index 0`): what tells `Tap Button` which button, when the title does not.
    enum QueryStep: Equatable {
        case descendants(type: String)
        case children(type: String)
        case index(Int)
        /// `Elements matching predicate '"Add" IN identifiers'`: an identifier or label.
        case named(String)
        /// Any other step (a predicate on values, `containing`): the query cannot be followed.
        case other

        init?(_ title: String) {
            guard title.hasPrefix("Find: ") else { return nil }
            let step = title.dropFirst(6)
            let types = ["Descendants matching type ", "Children matching type "]
            if let prefix = types.first(where: { step.hasPrefix($0) }) {
                let type = String(step.dropFirst(prefix.count))
                guard XCUIElementType.isKnown(type) else {
                    self = .other
                    return
                }
                self = prefix == types[0] ? .descendants(type: type) : .children(type: type)
            } else if step.hasPrefix("Element at index "), let n = Int(step.dropFirst(17)), n >= 0, n < 100_000 {
                self = .index(n)
            } else if step.hasPrefix("Elements matching predicate '\""), step.hasSuffix("\" IN identifiers'") {
                self = .named(String(step.dropFirst(29).dropLast(17)))
            } else {
                self = .other
            }
        }
    }

    /// One step of a finger in a pointer path: where, and seconds after the activity's event.
    struct Step: Equatable {
        var phase: TouchPhase
        var point: (x: Double, y: Double)
        var offset: Double

        static func == (l: Step, r: Step) -> Bool {
            l.phase == r.phase && l.point.x == r.point.x && l.point.y == r.point.y && l.offset == r.offset
        }
    }

    /// One top-level action and what its steps said: the time of its `Synthesize event` and the pointer paths
    /// described under it.
    struct Activity {
        var line: Int
        var title: String
        var action: Action
        /// `t` of the action line; nil when the log prints no times.
        var start: Double?
        /// `t` of its first `Synthesize event` step: when the event really went.
        var synthesized: Double?
        /// Fingers described by `XCPointerEventPath` / `XCTouchPath` lines under it.
        var paths: [[Step]] = []
        /// Where XCTest said it would touch the element: `Computed hit point {x, y} after scrolling to visible`.
        var hitPoint: (x: Double, y: Double)?
        /// The query its `Find:` steps spell out (Xcode 7 to 9), before its event went.
        var query: [QueryStep] = []
        /// The element its `Check for interrupting elements affecting "Cancel" Button` step names: what XCUITest
        /// resolved the title's query to (`Tap Button (First Match)` says only "a button").
        var resolved: (label: String, type: String)?
        /// Its position among the activities, for logs without times.
        var index: Int

        func time(untimedStep: Double?) -> Double? {
            if let synthesized { return synthesized }
            if let start { return start }
            return untimedStep.map { Double(index) * $0 }
        }
    }

    struct Log {
        var activities: [Activity] = []
        var startedAt: String?
        /// Seconds between activities when the log prints no `t =` at all (an `.xcresult`'s titles).
        var untimedStep: Double?
        /// Whether the log prints `Synthesize event` steps (xcodebuild's does, under every activity that sent one).
        var printsEvents = false
    }

    static func read(_ bytes: [UInt8]) throws(ImportError) -> Log {
        var log = Log()
        var sawTime = false
        var lastTime: Double?
        // A `Synthesize event` step before any activity: the paste was cut below the title that says what it did.
        var firstOrphanEvent: Int?
        // The first timed step of the log, whatever it does (`Open com.example.app`, `Find the "Sign in" Button`).
        var firstStep: (line: Int, title: String)?
        // A Mac UI test's pointer activities (`Click "Disconnect" Button`): no touch.
        var firstClick: (line: Int, title: String)?
        for line in steps(ImportText.lines(bytes)) {
            let (time, titleBytes) = timed(line.bytes)
            if let time {
                sawTime = true
                lastTime = time
            }
            let title = withoutAnnotation(ImportText.string(ImportText.trimmed(titleBytes)))
            if time != nil, firstStep == nil, !title.isEmpty { firstStep = (line.number, title) }
            if time != nil, title.hasPrefix("Start Test at "), log.startedAt == nil,
                let stamp = ImportText.timestamp(Array(title.utf8).dropFirst(14))
            {
                log.startedAt = RRWebImporter.isoTime(stamp.seconds * 1000)
                continue
            }
            // Xcode 7's first releases call the step `Dispatch the event`.
            if title == "Synthesize event" || title.hasPrefix("Synthesize event ") || title == "Dispatch the event" {
                log.printsEvents = true
                if firstOrphanEvent == nil, log.activities.isEmpty { firstOrphanEvent = line.number }
                if let index = log.activities.indices.last, log.activities[index].synthesized == nil {
                    log.activities[index].synthesized = time ?? lastTime
                }
                continue
            }
            if title.hasPrefix("Computed hit point {"), let index = log.activities.indices.last,
                log.activities[index].hitPoint == nil,
                let close = title.firstIndex(of: "}"),
                let point = DescribedGeometry.point(
                    Array(title[title.index(title.startIndex, offsetBy: 18)...close].utf8)[...])
            {
                log.activities[index].hitPoint = (point[0], point[1])
                continue
            }
            if let step = QueryStep(title), let index = log.activities.indices.last,
                log.activities[index].synthesized == nil
            {
                log.activities[index].query.append(step)
                continue
            }
            if let affected = dropPrefix(title, "Check for interrupting elements affecting ") {
                if let index = log.activities.indices.last, log.activities[index].synthesized == nil,
                    case .element(let label?, let type, nil, nil) = target(affected)
                {
                    log.activities[index].resolved = (label, type)
                }
                continue
            }
            if let path = pointerPath(title), let index = log.activities.indices.last {
                log.activities[index].paths += path
                continue
            }
            if time != nil, firstClick == nil,
                ["Click ", "Double click ", "Right click ", "Hover "].contains(where: { title.hasPrefix($0) })
            {
                firstClick = (line.number, title)
                continue
            }
            // Untimed lines are read only when they are whole activity titles (an .xcresult's, one per line);
            // in a timed log, text without `t =` is the test's own output.
            guard let action = action(title, requireElement: time == nil && !sawTime) else { continue }
            log.activities.append(
                Activity(
                    line: line.number, title: title, action: action, start: time ?? lastTime,
                    index: log.activities.count))
        }
        guard log.activities.contains(where: { !$0.action.isShortcut }) else {
            if let firstClick {
                throw ImportError(
                    format: format, line: firstClick.line,
                    reason: "a Mac UI test's log (`\(firstClick.title.prefix(50))`): its events are clicks of a "
                        + "pointer, not touches, and touchlog imports the touches of iOS UI tests",
                    hint: "import the log of the test run on an iOS simulator or device")
            }
            if let shortcut = log.activities.first {
                throw ImportError(
                    format: format, line: shortcut.line,
                    reason: "the log's only events are keyboard shortcuts (`\(shortcut.title.prefix(50))`): they "
                        + "touch nothing and type no text, so there is nothing to import",
                    hint: "pass the part of the log with the test's touches (`t =     3.21s Tap \"Sign In\" Button`)")
            }
            if let firstOrphanEvent {
                throw ImportError(
                    format: format, line: firstOrphanEvent,
                    reason: "the log's `Synthesize event` step has no activity above it: the title that says what was "
                        + "touched (`Tap \"Sign In\" Button`, `Swipe up`) was cut from the paste, and the steps print "
                        + "no point",
                    hint: "copy the log from the activity's line (`t =    18.40s Tap …`) down")
            }
            if let firstStep {
                throw ImportError(
                    format: format, line: firstStep.line,
                    reason: "the log's steps (`\(firstStep.title.prefix(50))` …) touch nothing: no Tap, Press, Swipe "
                        + "or Type activity to import",
                    hint: "pass the part of the log with the test's touches (`t =     3.21s Tap \"Sign In\" Button`)")
            }
            throw ImportError(
                format: format, line: 1,
                reason:
                    "no XCTest activities: no line like `t =     3.21s Tap \"Sign In\" Button` or `Type 'hello' into \"Email\" TextField`",
                hint: "pass the log xcodebuild test prints for a UI test, or the activity titles of its .xcresult")
        }
        if !sawTime { log.untimedStep = 1 }
        return log
    }

    /// The `t = 3.21s` time of a line (anything before it, a CI stamp or indentation, set aside) and what follows.
    static func timed(_ bytes: ArraySlice<UInt8>) -> (Double?, ArraySlice<UInt8>) {
        var index = bytes.startIndex
        // The marker within the first 80 bytes: a CI log's stamp may come first, but never a sentence.
        let limit = min(bytes.endIndex, bytes.startIndex + 80)
        while index + 2 < limit {
            if bytes[index] == UInt8(ascii: "t"), index == bytes.startIndex || ImportText.isSpace(bytes[index - 1]) {
                var cursor = index + 1
                while cursor < bytes.endIndex, ImportText.isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    while cursor < bytes.endIndex, ImportText.isSpace(bytes[cursor]) { cursor += 1 }
                    let numberStart = cursor
                    while cursor < bytes.endIndex, ImportText.isDigit(bytes[cursor]) || bytes[cursor] == 0x2E {
                        cursor += 1
                    }
                    if cursor > numberStart, cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "s"),
                        let value = ImportText.number(bytes[numberStart..<cursor]), value.isFinite, value < 1e7
                    {
                        return (value, bytes[(cursor + 1)...])
                    }
                }
            }
            index += 1
        }
        return (nil, bytes)
    }

    // MARK: Titles

    /// The action of an activity title; nil for steps and other lines (`Wait for … to idle`, `Find the …`).
    /// `requireElement`: an untimed line counts only when it names an element type, so prose is not read as a tap.
    static func action(_ title: String, requireElement: Bool) -> Action? {
        let action: Action
        if let rest = dropPrefix(title, "Tap ") {
            action = .tap(count: 1, target: target(rest))
        } else if let rest = dropPrefix(title, "Double tap ") {
            action = .tap(count: 2, target: target(rest))
        } else if let rest = dropPrefix(title, "Press ") {
            // `Press "X" Button for 1.0s`, `Press "X" Cell for 0.5s then drag to "Y" Cell`.
            guard let forRange = rest.ranges(of: " for ").last else { return nil }
            let what = String(rest[..<forRange.lowerBound])
            var tail = rest[forRange.upperBound...]
            var dragTo: Target?
            if let then = tail.firstRange(of: " then drag to ") {
                dragTo = target(String(tail[then.upperBound...]))
                tail = tail[..<then.lowerBound]
            }
            guard tail.hasSuffix("s"), let duration = Double(tail.dropLast()), duration.isFinite, duration >= 0,
                duration < 1e4
            else { return nil }
            action = .press(duration: duration, target: target(what), dragTo: dragTo)
        } else if let rest = dropPrefix(title, "Type "), let key = keyPress(rest) {
            // `Type 'd' key with modifiers '⌘⇧' (0x12)`; with none, the key is the text it types.
            action = key.modifiers.isEmpty ? .type(text: key.key) : .keyPress(key: key.key, modifiers: key.modifiers)
        } else if let rest = dropPrefix(title, "Type ") {
            // `Type 'hello' into "Email" TextField`: the text as typed, between the first quote and ` into `.
            guard let quote = rest.first, quote == "'" || quote == "\"",
                let into = rest.ranges(of: "\(quote) into ").last, into.lowerBound > rest.startIndex
            else { return nil }
            action = .type(text: String(rest[rest.index(after: rest.startIndex)..<into.lowerBound]))
        } else if let verb = ["Swipe ", "Two-finger tap ", "Pinch ", "Rotate ", "Scroll ", "Drag ", "Adjust "]
            .first(where: { title.hasPrefix($0) })
        {
            action = .unplaceable(
                "the log gives a \(verb.dropLast().lowercased()) gesture's direction or factor, not where the fingers went"
            )
        } else {
            return nil
        }
        if requireElement {
            switch action {
            case .tap(_, .element), .press(_, .element, _), .tap(_, .frame), .press(_, .frame, _): break
            case .type: if !title.contains("' into ") && !title.contains("\" into ") { return nil }
            case .keyPress: break
            case .unplaceable:
                // `Swipe up "List" Table`: a gesture on an element, which is still worth its warning.
                let words = title.split(separator: " ", maxSplits: 2)
                guard words.count == 3, case .element = target(String(words[2])) else { return nil }
            default: return nil
            }
        }
        return action
    }

    /// The key and the modifier symbols of `'d' key with modifiers '⌘⇧' (0x12)` or `'d' key`; nil for other text.
    static func keyPress(_ text: String) -> (key: String, modifiers: String)? {
        guard let quote = text.first, quote == "'" || quote == "\"" else { return nil }
        let body = text.dropFirst()
        guard let close = body.ranges(of: "\(quote) key").last, close.lowerBound > body.startIndex else { return nil }
        let key = String(body[..<close.lowerBound])
        let after = body[close.upperBound...]
        if after.isEmpty { return (key, "") }
        guard after.hasPrefix(" with modifiers '"), let end = after.dropFirst(17).firstIndex(of: "'") else {
            return nil
        }
        let modifiers = String(after[after.index(after.startIndex, offsetBy: 17)..<end])
        // The mask after the symbols (`(0x12)`) says the same, in UIKeyModifierFlags' bits shifted.
        return (key, modifiers)
    }

    /// A title without the note its author typed after it in the paste (`Tap "Back" Button      <- the real Back`):
    /// XCTest pads no title with a run of spaces, so a run of them (or a tab) before an arrow or a comment marker
    /// ends the title. Inside the quotes of a label such text is the label's.
    static func withoutAnnotation(_ title: String) -> String {
        let bytes = Array(title.utf8)
        let markers = ["<-", "←", "//", "#", "--", "⬅"].map { Array($0.utf8) }
        var quotes = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { quotes += 1 }
            let run =
                byte == UInt8(ascii: "\t")
                || (byte == UInt8(ascii: " ") && index + 1 < bytes.count && ImportText.isSpace(bytes[index + 1]))
            guard run, quotes % 2 == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, ImportText.isSpace(bytes[end]) { end += 1 }
            if markers.contains(where: { bytes[end...].starts(with: $0) }) {
                return String(decoding: bytes[..<index], as: UTF8.self)
            }
            index = end
        }
        return title
    }

    /// `text` after `prefix`, and after the article Xcode 7's first releases print before the element (`Tap the
    /// "say hello" Button`); nil when `text` does not start with `prefix`.
    private static func dropPrefix(_ text: String, _ prefix: String) -> String? {
        guard text.hasPrefix(prefix) else { return nil }
        let rest = text.dropFirst(prefix.count)
        if rest.hasPrefix("the "), let next = rest.dropFirst(4).first, next == "\"" || next.isUppercase {
            return String(rest.dropFirst(4))
        }
        return String(rest)
    }

    /// The element or place an activity names.
    static func target(_ text: String) -> Target {
        var rest = Substring(text)
        // `… at {{x, y}, {w, h}}` (an element with its frame) or `… at {x, y}` (a coordinate).
        if let at = rest.ranges(of: " at {").last {
            let numbers = numbersIn(rest[rest.index(before: at.upperBound)...])
            if numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 {
                return .frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
            if numbers.count == 2 { return .point(x: numbers[0], y: numbers[1]) }
            return .unknown(text)
        }
        // `Button (First Match)[0.50, 0.50]`: XCUITest's description of a coordinate in the element.
        var offset: NormalizedOffset?
        if rest.last == "]", let open = rest.lastIndex(of: "[") {
            let numbers = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
                .split(separator: ",").map { Double(String($0.filter { $0 != " " })) }
            guard numbers.count == 2, let dx = numbers[0], let dy = numbers[1], dx.isFinite, dy.isFinite,
                abs(dx) < 100, abs(dy) < 100
            else { return .unknown(text) }
            offset = NormalizedOffset(dx: dx, dy: dy)
            rest = rest[..<open]
        }
        var label: String?
        if rest.first == "\"" {
            // XCUITest prints the query's string as given, without escaping quotes: the label ends at the last
            // `" ` before the type.
            guard let close = rest.dropFirst().ranges(of: "\" ").last else { return .unknown(text) }
            label = String(rest[rest.index(after: rest.startIndex)..<close.lowerBound])
            rest = rest[close.upperBound...]
        }
        var index: Int?
        if let open = rest.firstIndex(of: "(") {
            let qualifier = rest[open...]
            if qualifier == "(First Match)" {
                index = 0
            } else if qualifier.hasPrefix("(Element at index "), qualifier.hasSuffix(")"),
                let n = Int(qualifier.dropFirst(18).dropLast()), n >= 0, n < 100_000
            {
                index = n
            } else {
                return .unknown(text)
            }
            rest = rest[..<open]
            while rest.last == " " { rest = rest.dropLast() }
        }
        let type = String(rest)
        guard XCUIElementType.isKnown(type), type != "Application" else { return .unknown(text) }
        return .element(label: label, type: type, index: index, offset: offset)
    }

    /// The numbers in `{{20.0, 300.0}, {335.0, 44.0}}` or `{195, 422}`, up to the closing brace.
    private static func numbersIn(_ text: Substring) -> [Double] {
        var numbers: [Double] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "{" {
                depth += 1
            } else if character == "}" {
                depth -= 1
            }
            if character.isNumber || character == "." || character == "-" {
                current.append(character)
            } else if !current.isEmpty {
                guard let value = Double(current), value.isFinite, abs(value) < 1e7 else { return [] }
                numbers.append(value)
                current = ""
            }
            if depth == 0 && character == "}" { break }
            if numbers.count > 4 { return [] }
        }
        return numbers
    }

    // MARK: Pointer paths

    /// The fingers an `XCPointerEventPath` or `XCTouchPath` description gives, each a list of steps; nil for a line
    /// that is neither. `pressDown`/`press down` at a point starts a finger, `moveTo`/`move to` moves it,
    /// `liftUp`/`lift up` ends it, each with its `offset` (seconds); an `XCTouchPath` lists points with `@ offset`,
    /// the first down and the last up.
    static func pointerPath(_ line: String) -> [[Step]]? {
        let pathMarkers = ["<XCPointerEventPath", "<XCTouchPath"]
        guard
            pathMarkers.contains(where: { line.contains($0) }) || line.hasPrefix("XCPointerEventPath")
                || line.hasPrefix("XCTouchGesture") || line.contains("<XCTouchGesture")
        else { return nil }
        var fingers: [[Step]] = []
        // Each path in the line is one finger.
        var pieces = line.split(separator: "XCPointerEventPath", omittingEmptySubsequences: false)
        if pieces.count == 1 { pieces = line.split(separator: "XCTouchPath", omittingEmptySubsequences: false) }
        for piece in pieces.dropFirst() {
            var steps: [Step] = []
            let lowered = String(piece.lowercased().filter { $0 != " " })
            let keywords: [(String, TouchPhase)] = [
                ("pressdown", .began), ("touchdown", .began), ("moveto", .moved), ("liftup", .ended),
            ]
            var found: [(String.Index, TouchPhase, String)] = []
            for (word, phase) in keywords {
                var search = lowered.startIndex..<lowered.endIndex
                while let range = lowered[search].firstRange(of: word) {
                    found.append((range.lowerBound, phase, word))
                    search = range.upperBound..<lowered.endIndex
                }
            }
            found.sort { $0.0 < $1.0 }
            if !found.isEmpty {
                var lastPoint: (x: Double, y: Double)?
                var lastOffset = 0.0
                for (position, (start, phase, word)) in found.enumerated() {
                    let end = position + 1 < found.count ? found[position + 1].0 : lowered.endIndex
                    // Keywords can overlap (`liftupressdown`): a keyword that runs into the next has no segment.
                    let from = lowered.index(start, offsetBy: word.count)
                    guard from <= end else { continue }
                    let segment = lowered[from..<end]
                    let point = firstPoint(segment) ?? lastPoint
                    let offset = number(after: "offset", in: segment) ?? number(after: "@", in: segment) ?? lastOffset
                    guard let point else { continue }
                    lastPoint = point
                    lastOffset = max(lastOffset, offset)
                    steps.append(Step(phase: phase, point: point, offset: lastOffset))
                }
            } else {
                // `points: ({195, 422} @ 0.000, {195, 300} @ 0.250)`: down, moves, up.
                var segment = lowered[...]
                var points: [((x: Double, y: Double), Double)] = []
                while let open = segment.firstIndex(where: { $0 == "{" || $0 == "(" }) {
                    let rest = segment[open...]
                    guard let point = firstPoint(rest), let close = rest.firstIndex(where: { $0 == "}" || $0 == ")" })
                    else { break }
                    let after = rest[rest.index(after: close)...]
                    let offset = after.hasPrefix("@") ? number(after: "@", in: after) : nil
                    points.append((point, offset ?? points.last?.1 ?? 0))
                    segment = after
                    if points.count > 10_000 { break }
                }
                for (position, (point, offset)) in points.enumerated() {
                    let phase: TouchPhase = position == 0 ? .began : position == points.count - 1 ? .ended : .moved
                    steps.append(Step(phase: phase, point: point, offset: max(offset, steps.last?.offset ?? 0)))
                }
            }
            // A finger is a press and a lift, in that order; anything else is not a path touchlog can replay.
            if steps.count >= 2, steps.first?.phase == .began, steps.last?.phase == .ended,
                steps.dropFirst().dropLast().allSatisfy({ $0.phase == .moved })
            {
                fingers.append(steps)
            }
        }
        return fingers.isEmpty ? nil : fingers
    }

    /// The first `{x, y}` or `(x, y)` pair in `text`.
    private static func firstPoint(_ text: Substring) -> (x: Double, y: Double)? {
        guard let open = text.firstIndex(where: { $0 == "{" || $0 == "(" }) else { return nil }
        let body = text[text.index(after: open)...].prefix { $0 != "}" && $0 != ")" }
        let parts = body.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite,
            abs(x) < 1e7, abs(y) < 1e7
        else { return nil }
        return (x, y)
    }

    /// The number right after `word` in `text` (a `:` or `=` between them allowed).
    private static func number(after word: String, in text: Substring) -> Double? {
        guard let range = text.firstRange(of: word) else { return nil }
        let digits = text[range.upperBound...].drop { $0 == ":" || $0 == "=" }.prefix {
            $0.isNumber || $0 == "."
        }
        guard let value = Double(digits), value.isFinite, value < 1e4 else { return nil }
        return value
    }

    // MARK: Placing activities

    enum Placement {
        /// Fingers, each a list of steps.
        case touches([[Step]])
        case keys(String)
    }

    struct PlacementFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    static func place(_ activity: Activity, on screen: Screen) -> Result<Placement, PlacementFailure> {
        // A described path is where the fingers went, whatever the title says.
        if !activity.paths.isEmpty { return .success(.touches(activity.paths)) }
        switch activity.action {
        case .type(let text):
            return .success(.keys(text))
        case .unplaceable(let why):
            return .failure(PlacementFailure(why))
        case .keyPress(let key, let modifiers):
            return .failure(
                PlacementFailure(
                    activity.action.isShortcut
                        ? "a keyboard shortcut (\(modifiers)\(key)), which types no text and touches nothing"
                        : "a key pressed with modifiers \(modifiers): which text it typed the log does not say"))
        case .tap(let count, let target):
            // XCTest's own hit point, when the log prints it, is where the event went: `{-1, -1}` (an element it
            // could not make hittable) is off screen, and a tap there touches nothing.
            switch screen.point(of: target, in: activity) {
            case .failure(let failure): return .failure(failure)
            case .success(let point):
                // The log gives no duration: down and up at the moment the event was synthesized.
                let tap = [Step(phase: .began, point: point, offset: 0), Step(phase: .ended, point: point, offset: 0)]
                return .success(.touches(Array(repeating: tap, count: count)))
            }
        case .press(let duration, let target, let dragTo):
            let start: (x: Double, y: Double)
            switch screen.point(of: target, in: activity) {
            case .failure(let failure): return .failure(failure)
            case .success(let point): start = point
            }
            guard let dragTo else {
                return .success(
                    .touches([
                        [
                            Step(phase: .began, point: start, offset: 0),
                            Step(phase: .ended, point: start, offset: duration),
                        ]
                    ]))
            }
            switch screen.point(of: dragTo) {
            case .failure(let failure): return .failure(failure)
            case .success(let end):
                return .success(
                    .touches([
                        [
                            Step(phase: .began, point: start, offset: 0),
                            Step(phase: .moved, point: end, offset: duration),
                            Step(phase: .ended, point: end, offset: duration),
                        ]
                    ]))
            }
        }
    }

    /// The elements of the hierarchy's first snapshot with their frames on screen, in document order (what an
    /// XCUITest query's `firstMatch` and `element(boundBy:)` count in).
    struct Screen {
        struct Element {
            var className: String
            var baseClass: String?
            var elementType: String?
            var names: [String]
            var frame: (x: Double, y: Double, width: Double, height: Double)
            var window: (x: Double, y: Double, width: Double, height: Double)
            var hidden: Bool
        }

        var elements: [Element] = []
        /// Each element's parent among `elements` (nil for a window's root view).
        var parents: [Int?] = []
        /// The windows' frames on screen.
        var windows: [(x: Double, y: Double, width: Double, height: Double)] = []

        init(_ snapshot: SnapshotRecord?) {
            guard let snapshot else { return }
            for window in snapshot.hierarchy.windows {
                guard let frame = window.view.frame else { continue }
                let screen = (frame.x, frame.y, frame.width, frame.height)
                windows.append(screen)
                collect(
                    window.view, origin: (frame.x, frame.y), window: screen, hidden: false, parent: nil, depth: 0)
            }
        }

        private mutating func collect(
            _ view: ViewSpec, origin: (x: Double, y: Double),
            window: (x: Double, y: Double, width: Double, height: Double), hidden: Bool, parent: Int?, depth: Int
        ) {
            // A view whose frame a transform made undefined has no rectangle on screen: neither it nor its subviews
            // can be placed.
            guard depth <= FormatLimits.maximumViewDepth, let frame = view.frame else { return }
            let hidden = hidden || view.isHidden == true || (view.alpha ?? 1) <= 0.01
            let imported = view.unknownMembers.first { $0.key == "imported" }?.value
            var names = [view.accessibilityIdentifier, view.accessibilityLabel, imported?["name"]?.stringValue]
                .compactMap { $0 }
            // A label's text is its accessibility label, and a button's is its title, which a dump prints on the
            // button's label subview.
            if let text = view.text, view.className == "UILabel" { names.append(text) }
            for subview in view.subviews where subview.className == "UIButtonLabel" {
                if let text = subview.text { names.append(text) }
            }
            let elementFrame = (origin.x, origin.y, frame.width, frame.height)
            elements.append(
                Element(
                    className: view.className, baseClass: view.baseClass,
                    elementType: imported?["elementType"]?.stringValue, names: names, frame: elementFrame,
                    window: window, hidden: hidden))
            parents.append(parent)
            let index = elements.count - 1
            let bounds = view.bounds ?? Rect(0, 0, frame.width, frame.height)
            for subview in view.subviews {
                guard let child = subview.frame else { continue }
                collect(
                    subview, origin: (origin.x + child.x - bounds.x, origin.y + child.y - bounds.y), window: window,
                    hidden: hidden, parent: index, depth: depth + 1)
            }
        }

        /// Whether `point` is inside a window.
        func contains(_ point: (x: Double, y: Double)) -> Bool {
            windows.contains {
                point.x >= $0.x && point.y >= $0.y && point.x < $0.x + $0.width && point.y < $0.y + $0.height
            }
        }

        /// Where an activity's event went: XCTest's own hit point when the log prints it, else the one element its
        /// `Find:` steps lead to, else the element its `Check for interrupting elements` step names (when the title
        /// names none), else where ``point(of:)`` places the title's target.
        func point(of target: Target, in activity: Activity) -> Result<(x: Double, y: Double), PlacementFailure> {
            if let hitPoint = activity.hitPoint { return .success(hitPoint) }
            var offset: NormalizedOffset?
            if case .element(let label, _, _, let given) = target {
                offset = given
                if label == nil, let resolved = activity.resolved,
                    case .success(let point) = point(
                        of: .element(label: resolved.label, type: resolved.type, index: nil, offset: given))
                {
                    return .success(point)
                }
            }
            if let found = follow(activity.query) {
                return hitPoint(
                    of: elements[found], offset: offset, described: "the element its `Find:` steps lead to")
            }
            return point(of: target)
        }

        /// The one visible element `query` leads to from the application, as XCUITest evaluates it: each type step
        /// keeps the elements of that type below (or right below) the ones before, in document order; an index
        /// picks one; a name keeps those it identifies. Nil for no query, a step it cannot follow, or not exactly
        /// one element at the end.
        func follow(_ query: [QueryStep]) -> Int? {
            guard !query.isEmpty, !query.contains(.other) else { return nil }
            // nil stands for the application, above every window.
            var current: [Int?] = [nil]
            for step in query {
                switch step {
                case .descendants(let type), .children(let type):
                    let direct: Bool = if case .children = step { true } else { false }
                    let members = Set(current.compactMap { $0 })
                    let fromApplication = current.contains(nil)
                    current = elements.indices.filter { index in
                        guard !elements[index].hidden, matches(elements[index], type: type) else { return false }
                        return isBelow(index, members, orApplication: fromApplication, directly: direct)
                    }
                case .index(let n):
                    guard n < current.count else { return nil }
                    current = [current[n]]
                case .named(let name):
                    current = current.filter { $0.map { elements[$0].names.contains(name) } ?? false }
                case .other:
                    return nil
                }
            }
            guard current.count == 1, let found = current[0] else { return nil }
            return found
        }

        /// Whether `index` is below one of `ancestors` (or the application, above every window), or a child of one
        /// when `directly`: one walk up its parents, however many ancestors there are.
        private func isBelow(_ index: Int, _ ancestors: Set<Int>, orApplication: Bool, directly: Bool) -> Bool {
            var parent = parents[index]
            guard parent != nil else { return orApplication }
            if orApplication, !directly { return true }
            while let above = parent {
                if ancestors.contains(above) { return true }
                if directly { return false }
                parent = parents[above]
            }
            return false
        }

        /// Where XCUITest would have touched `target`: a coordinate as given, a frame's centre, or the centre of
        /// the one visible element the query matches (within its window, as XCUITest's hit point is on screen).
        func point(of target: Target) -> Result<(x: Double, y: Double), PlacementFailure> {
            switch target {
            case .point(let x, let y):
                return .success((x, y))
            case .frame(let x, let y, let width, let height):
                return .success((x + width / 2, y + height / 2))
            case .unknown(let text):
                return .failure(PlacementFailure("\(text) names no element or place touchlog can find"))
            case .element(let label, let type, let index, let offset):
                let typed = elements.filter { matches($0, type: type) }
                let matching = label.map { label in typed.filter { $0.names.contains(label) } } ?? typed
                let visible = matching.filter { !$0.hidden }
                let described = label.map { "\"\($0)\" \(type)" } ?? type
                guard !visible.isEmpty else {
                    return .failure(
                        PlacementFailure(
                            matching.isEmpty
                                ? "no \(described) in the hierarchy"
                                : "the only \(described) in the hierarchy is hidden"))
                }
                let element: Element
                if let index {
                    guard index < visible.count else {
                        return .failure(
                            PlacementFailure(
                                "the hierarchy has \(visible.count) \(described), not an element at index \(index)"))
                    }
                    element = visible[index]
                } else {
                    guard visible.count == 1 else {
                        return .failure(
                            PlacementFailure(
                                "\(visible.count) elements in the hierarchy are \(described): which one is not said"))
                    }
                    element = visible[0]
                }
                return hitPoint(of: element, offset: offset, described: described)
            }
        }

        /// The centre of the part of `element` inside its window, where XCUITest's hit point is; with `offset`, that
        /// point of the element's frame, as `coordinate(withNormalizedOffset:)` places it (on screen or not).
        private func hitPoint(of element: Element, offset: NormalizedOffset?, described: String) -> Result<
            (x: Double, y: Double), PlacementFailure
        > {
            if let offset {
                let point = (
                    x: element.frame.x + offset.dx * element.frame.width,
                    y: element.frame.y + offset.dy * element.frame.height
                )
                guard contains(point) else {
                    return .failure(PlacementFailure("the point \(described) gives is off screen in the hierarchy"))
                }
                return .success(point)
            }
            let left = max(element.frame.x, element.window.x)
            let top = max(element.frame.y, element.window.y)
            let right = min(element.frame.x + element.frame.width, element.window.x + element.window.width)
            let bottom = min(element.frame.y + element.frame.height, element.window.y + element.window.height)
            guard right > left, bottom > top else {
                return .failure(PlacementFailure("\(described) is off screen in the hierarchy"))
            }
            return .success(((left + right) / 2, (top + bottom) / 2))
        }

        /// Whether `element` is of XCUITest's `type`: its element type when the dump names one (XCUITest, Appium,
        /// idb), else its UIKit class (a recursiveDescription).
        private func matches(_ element: Element, type: String) -> Bool {
            if let elementType = element.elementType { return elementType == type }
            if type == "Cell" {
                // A table's or a collection view's cell, which XCUITest calls Cell alike.
                return ["UITableViewCell", "UICollectionViewCell"].contains {
                    element.className == $0 || element.baseClass == $0
                }
            }
            guard let uikit = XCUIElementType.classes[type], type != "Other", uikit != "UIView" else { return false }
            return element.className == uikit || element.baseClass == uikit
        }
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    // MARK: Detection

    /// Whether a text input's lines are an XCTest activity log: a `t = 3.21s` line whose title is an activity
    /// xcodebuild prints (`Start Test at`, `Tap …`, `Synthesize event`, `Set Up`), or an untimed title that names an
    /// element type (`Tap "Sign In" Button`), as an `.xcresult` lists them.
    /// The log's lines, a line that holds several of them as string literals of code split into those (`s = ['    t
    /// =     0.01s     Set Up','    t =    15.47s     Tap "tab_search" Button']`, a Python list of the log's lines on
    /// one line): each literal is a line of the log, at the line of the file, without its quotes and brackets.
    static func steps(_ lines: [ImportText.Line]) -> [ImportText.Line] {
        let separators = ["', '", "','", "\", \"", "\",\""].map { Array($0.utf8) }
        return lines.flatMap { line -> [ImportText.Line] in
            let bytes = Array(line.bytes)
            guard let separator = separators.first(where: { ImportText.firstIndex(of: $0, in: bytes) != nil }) else {
                return [line]
            }
            var pieces: [ImportText.Line] = []
            var start = 0
            while start <= bytes.count {
                let end = ImportText.firstIndex(of: separator, in: bytes, from: start) ?? bytes.count
                var piece = line.bytes[(line.bytes.startIndex + start)..<(line.bytes.startIndex + end)]
                // The last literal's closing quote and the list's bracket (`…idle']`, `…")`).
                while let last = piece.last, Array("'\"])};,".utf8).contains(last) { piece = piece.dropLast() }
                pieces.append(ImportText.Line(number: line.number, bytes: piece))
                start = end + separator.count
            }
            // Only a list of the log's steps: two literals at least, each with its `t =` time.
            guard pieces.count >= 2, pieces.allSatisfy({ timed($0.bytes).0 != nil }) else { return [line] }
            return pieces
        }
    }

    static func looksLikeActivity(_ line: ArraySlice<UInt8>) -> Bool {
        let (time, rest) = timed(line)
        let title = ImportText.string(ImportText.trimmed(rest))
        if time != nil {
            return title.hasPrefix("Start Test at ") || title == "Synthesize event" || title == "Set Up"
                || action(title, requireElement: false) != nil
        }
        return action(title, requireElement: true) != nil
    }
}
