import ResponderCore
import TouchlogFormat
import TouchlogReplay

/// The replay page's events, one per replayed input record, packed into bytes and written as base64 as they come.
///
/// A 1,000,000-record session must fit in a few megabytes, so an event is a few bytes: its kind, the time (and, when
/// it is not the next line, the line) since the previous event as variable-length integers, a touch's position as a difference from the previous one
/// in quarter points, and only what changed (first responder, keyboard, the screen's views) behind flags. Text (view
/// ids, classes, descriptions, explanations) is named once in a table of strings written after the events. The page's
/// script (``ReplayPageAssets``) reads the same layout:
///
/// | bytes | what |
/// |---|---|
/// | 1 | kind (bits 0-3: 0 touch, 1 key, 2 set, 3 insert, 4 remove, 5 call, 6 action, 7 snapshot, 8 time, 10 touch whose recognizers reached the same states as in the latest event that named any), a touch's phase (bits 4-6: began, moved, stationary, ended, cancelled), extended (bit 7) |
/// | 1, when extended | flags: 1 first responder, 2 keyboard, 4 divergences, 8 actions, 16 recognizers, 32 screen (0 when not extended) |
/// | zigzag | microseconds since the previous event, less the same gap of the previous event |
/// | varint, when extended | lines since the previous event (1 when not extended) |
/// | touch (0, 10) | zigzag touch number, x and y (quarter points) since the previous touch event; when it began, hit view + 1 and explanation + 1 (0: none) |
/// | key | length, receiver + 1 (never the text) |
/// | other | the record's description (a string) |
/// | flags 1 | first responder + 1 (0: none) |
/// | flags 2 | 1 byte visible, keyboard frame + 1 (`x y w h`; 0: not recorded) |
/// | flags 4, 8 | count, then a string each (divergence, action) |
/// | flags 16 | count, then recognizer id and state (strings) each |
/// | flags 32 | 1 byte: 1 keyframe (count, then every view back to front), 0 delta (count, then position and view each); a view: id, class, label + 1, x, y, width, height (zigzag quarter points), flags (1 hidden, 2 alpha < 0.01, 4 alpha < 1, 8 interaction off, 16 disabled), depth |
struct ReplayPageEncoder {
    var strings = PageStrings()
    let limits: ReplayPageLimits
    let write: (String) -> Void
    private(set) var eventCount = 0
    private(set) var explanationsKept = 0
    private(set) var explanationsLeftOut = 0
    private var explanationBytes = 0
    private var descriptionBytes = 0
    private var buffer: [UInt8] = []
    private var lastMicros: Int64 = 0
    private var lastGap: Int64 = 0
    /// The recognizer states the latest event with any gave: a finger dragging a pan repeats "changed" every event.
    private var lastGestures: [ResolvedStep.Gesture] = []
    private var lastSeq = 0
    private var lastTouchNumber = 0
    private var lastX = 0
    private var lastY = 0
    private var nextTouchNumber = 0
    /// The touches down now, by recorded id: bounded by the fingers on the screen.
    private var touchNumbers: [String: Int] = [:]
    private var lastFirstResponder: String?? = .none
    private var lastKeyboard: (visible: Bool, frame: Rect?)?
    private var lastViews: [SceneView]?
    private var deltasSinceKeyframe = 0

    init(limits: ReplayPageLimits, write: @escaping (String) -> Void) {
        self.limits = limits
        self.write = write
        buffer.reserveCapacity(Self.flushBytes + 256)
    }

    /// Bytes encoded before a piece of base64 is written (a multiple of 3, so that the pieces join).
    static let flushBytes = 48 * 1024

    mutating func add(_ line: ReplayLine, screen: ScreenChange?, keyboardFrame: Rect?) {
        eventCount += 1
        let step = line.step
        var kind: UInt8
        var body: [UInt8] = []
        switch line.record {
        case .touch(let touch):
            kind = 0 | (touch.phase.rawValue << 4)
            let id = touch.touch.description
            let number: Int
            if touch.phase == .began || touchNumbers[id] == nil {
                nextTouchNumber += 1
                number = nextTouchNumber
                touchNumbers[id] = number
            } else {
                number = touchNumbers[id] ?? 0
            }
            if touch.phase == .ended || touch.phase == .cancelled { touchNumbers[id] = nil }
            let x = Self.quarter(touch.x)
            let y = Self.quarter(touch.y)
            Self.zigzag(number - lastTouchNumber, into: &body)
            Self.zigzag(x - lastX, into: &body)
            Self.zigzag(y - lastY, into: &body)
            (lastTouchNumber, lastX, lastY) = (number, x, y)
            if touch.phase == .began {
                Self.varint(optional(step.hitTestView), into: &body)
                var explanation = 0
                if let text = line.explanation {
                    if explanationBytes + text.utf8.count <= limits.explanationBytes {
                        explanationBytes += text.utf8.count
                        explanationsKept += 1
                        explanation = strings.id(text) + 1
                    } else {
                        explanationsLeftOut += 1
                    }
                }
                Self.varint(explanation, into: &body)
            }
        case .key(let key):
            kind = 1
            Self.varint(key.length, into: &body)
            Self.varint(optional(step.keyInputReceiver), into: &body)
        default:
            kind = Self.kind(of: line.record)
            Self.varint(text(RecordDescriber.words(line.record), else: line.record.typeName), into: &body)
        }
        var flags: UInt8 = 0
        if lastFirstResponder == .none || lastFirstResponder! != step.firstResponder {
            flags |= 1
            Self.varint(optional(step.firstResponder), into: &body)
            lastFirstResponder = .some(step.firstResponder)
        }
        let frame = step.keyboardVisible ? keyboardFrame : nil
        if lastKeyboard == nil || lastKeyboard!.visible != step.keyboardVisible || lastKeyboard!.frame != frame {
            flags |= 2
            body.append(step.keyboardVisible ? 1 : 0)
            Self.varint(frame.map { strings.id(Self.rectText($0)) + 1 } ?? 0, into: &body)
            lastKeyboard = (step.keyboardVisible, frame)
        }
        if !line.divergences.isEmpty {
            flags |= 4
            Self.varint(line.divergences.count, into: &body)
            for divergence in line.divergences {
                Self.varint(text(divergence.summary, else: divergence.kind.rawValue), into: &body)
            }
        }
        if !step.actions.isEmpty {
            flags |= 8
            Self.varint(step.actions.count, into: &body)
            for action in step.actions {
                Self.varint(
                    text("\(action.action) to \(action.target ?? "no target")", else: action.action), into: &body)
            }
        }
        if !step.gestures.isEmpty && kind & 15 == 0 && step.gestures == lastGestures {
            kind = 10 | (kind & 0x70)
        } else if !step.gestures.isEmpty {
            lastGestures = step.gestures
            flags |= 16
            Self.varint(step.gestures.count, into: &body)
            for gesture in step.gestures {
                Self.varint(strings.id(gesture.id), into: &body)
                Self.varint(strings.id(gesture.state), into: &body)
            }
        }
        if let screen { encodeScreen(screen.views, flags: &flags, into: &body) }
        let lines = max(0, line.seq - lastSeq)
        lastSeq = line.seq
        // Most events (a finger moving, a key) change nothing else and follow the previous line: one byte says so.
        let extended = flags != 0 || lines != 1
        buffer.append(kind | (extended ? 0x80 : 0))
        if extended { buffer.append(flags) }
        let micros = Self.micros(line.t)
        let gap = max(0, micros - lastMicros)
        // The gap's change from the previous gap: a finger sampled at 60 Hz gives 16666 or 16667 µs, so ±1.
        Self.zigzag(Int(gap - lastGap), into: &buffer)
        lastGap = gap
        lastMicros = max(lastMicros, micros)
        if extended { Self.varint(lines, into: &buffer) }
        buffer += body
        if buffer.count >= Self.flushBytes { flush(final: false) }
    }

    /// Writes what is left of the events and closes their block.
    mutating func finishEvents() {
        flush(final: true)
        write("</script>\n")
    }

    /// The views when they differ from the last drawing: a delta of the views whose attributes changed when the
    /// same views are there in the same order, else (and every ``ReplayPageLimits/keyframeEvery`` deltas) all of them.
    private mutating func encodeScreen(_ views: [SceneView], flags: inout UInt8, into body: inout [UInt8]) {
        if let last = lastViews, last == views { return }
        flags |= 32
        if let last = lastViews, last.count == views.count, deltasSinceKeyframe < limits.keyframeEvery,
            zip(last, views).allSatisfy({ $0.id == $1.id && $0.depth == $1.depth })
        {
            body.append(0)
            let changed = views.indices.filter { last[$0] != views[$0] }
            Self.varint(changed.count, into: &body)
            for position in changed {
                Self.varint(position, into: &body)
                encode(views[position], into: &body)
            }
            deltasSinceKeyframe += 1
        } else {
            body.append(1)
            Self.varint(views.count, into: &body)
            for view in views { encode(view, into: &body) }
            deltasSinceKeyframe = 0
        }
        lastViews = views
    }

    private mutating func encode(_ view: SceneView, into body: inout [UInt8]) {
        Self.varint(strings.id(view.id), into: &body)
        Self.varint(strings.id(view.className), into: &body)
        Self.varint(view.label.map { strings.id($0) + 1 } ?? 0, into: &body)
        let frame = view.frame
        for value in [frame.x, frame.y, frame.width, frame.height] { Self.zigzag(Self.quarter(value), into: &body) }
        var flags: UInt8 = 0
        if view.isHidden { flags |= 1 }
        if view.alpha < 0.01 { flags |= 2 } else if view.alpha < 1 { flags |= 4 }
        if !view.isUserInteractionEnabled { flags |= 8 }
        if !view.isEnabled { flags |= 16 }
        body.append(flags)
        Self.varint(max(0, view.depth), into: &body)
    }

    private mutating func optional(_ text: String?) -> Int { text.map { strings.id($0) + 1 } ?? 0 }

    /// A record's description, a divergence or an action: each distinct one is kept until
    /// ``ReplayPageLimits/descriptionBytes`` of them, then only `fallback` (the record's type, the divergence's kind,
    /// the action's name), so that a session of millions of distinct `set` values keeps a bounded table.
    private mutating func text(_ text: String, else fallback: String) -> Int {
        if let known = strings.index(of: text) { return known }
        guard descriptionBytes + text.utf8.count <= limits.descriptionBytes else { return strings.id(fallback) }
        descriptionBytes += text.utf8.count
        return strings.id(text)
    }

    private mutating func flush(final: Bool) {
        let count = final ? buffer.count : buffer.count - buffer.count % 3
        guard count > 0 else { return }
        write(Base64.encode(buffer[0..<count]) + "\n")
        buffer.removeFirst(count)
    }

    static func kind(of record: Record) -> UInt8 {
        switch record {
        case .touch: 0
        case .key: 1
        case .set: 2
        case .insert: 3
        case .remove: 4
        case .call: 5
        case .action: 6
        case .snapshot: 7
        case .time: 8
        case .session, .firstResponder, .keyboard, .sent, .targetForAction, .keyWindow, .recognizer, .selection,
            .controlState,
            .dropped, .otherAppKeyboard, .unknown:
            9
        }
    }

    static func quarter(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int((value * 4).rounded())
    }

    static func micros(_ t: Double) -> Int64 {
        guard t.isFinite else { return 0 }
        return Int64((t * 1_000_000).rounded())
    }

    static func rectText(_ rect: Rect) -> String {
        let n = NumberText.format
        return "\(n(rect.x)) \(n(rect.y)) \(n(rect.width)) \(n(rect.height))"
    }

    static func varint(_ value: Int, into out: inout [UInt8]) {
        var v = UInt64(max(0, value))
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func zigzag(_ value: Int, into out: inout [UInt8]) {
        let v = Int64(value)
        let encoded = UInt64(bitPattern: (v << 1) ^ (v >> 63))
        var rest = encoded
        while rest >= 0x80 {
            out.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        out.append(UInt8(rest))
    }
}

/// The strings a page names (ids, classes, labels, descriptions, explanations), each once, by index.
struct PageStrings {
    private var index: [String: Int] = [:]
    private(set) var list: [String] = []

    func index(of text: String) -> Int? { index[text] }

    mutating func id(_ text: String) -> Int {
        if let known = index[text] { return known }
        index[text] = list.count
        list.append(text)
        return list.count - 1
    }

    /// The table as a JSON array, safe inside a `<script>` element.
    func json() -> String {
        var out = "["
        for (k, text) in list.enumerated() {
            if k > 0 { out += "," }
            out += Self.json(text)
        }
        return out + "]"
    }

    /// A JSON string that cannot end a `<script>` element or open a comment in it: `<`, `>` and `&` are escaped,
    /// and so are U+2028 and U+2029.
    static func json(_ text: String) -> String {
        var raw = ""
        JSONWriter.writeString(text, into: &raw)
        guard raw.contains(where: { "<>&\u{2028}\u{2029}".contains($0) }) else { return raw }
        var out = ""
        for scalar in raw.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Base64 (RFC 4648, with padding), for the page's events.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.endIndex ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(index + 1 < bytes.endIndex ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.endIndex ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
