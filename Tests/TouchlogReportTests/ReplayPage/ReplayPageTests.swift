import Foundation
import ResponderCore
import Testing
import TouchlogFormat
import TouchlogReplay

@testable import TouchlogReport

/// The replay page's data, read back with a decoder of the documented layout (``PageReader``, written from the
/// table in ``ReplayPageEncoder``, not from the encoder's code) and compared with what replay itself says: the trace
/// of the same session for every event, and a model replayed from scratch up to each record for the screen.
@Suite struct ReplayPageTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sample-logs")

    /// The recordings holding one session each (a report session is one session).
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("02-") && !$0.hasPrefix("09-") }.sorted()
    }()

    static func session(_ file: String) throws -> ReportSession {
        let text = try String(contentsOf: samples.appendingPathComponent(file), encoding: .utf8)
        return try ReportSession(jsonLines: text, source: "sample-logs/\(file)")
    }

    static func page(_ session: ReportSession, limits: ReplayPageLimits = ReplayPageLimits()) throws -> (
        html: String, summary: ReplayPage.Summary
    ) {
        var html = ""
        let summary = try ReplayPage.write(session, limits: limits) { html += $0 }
        return (html, summary)
    }

    @Test func everySingleSessionSampleIsHere() {
        #expect(Self.files.count == 13)
    }

    /// Every event of the page is a line of the trace, in order, with its time, line, first responder and keyboard.
    @Test(arguments: files)
    func eventsFollowTheTrace(file: String) throws {
        let session = try Self.session(file)
        let page = try PageReader(try Self.page(session).html)
        let trace = try SessionReplay.lines(session.records, session: session.ref.id).lines
        #expect(page.events.count == trace.count && !trace.isEmpty)
        for (event, line) in zip(page.events, trace) {
            #expect(event.seq == line.seq, "\(file)")
            #expect(abs(event.t - line.t) < 1e-6, "\(file) line \(line.seq)")
            #expect(event.firstResponder == line.step.firstResponder, "\(file) line \(line.seq)")
            #expect(event.keyboard == line.step.keyboardVisible, "\(file) line \(line.seq)")
            #expect(event.divergences == line.divergences.map(\.summary), "\(file) line \(line.seq)")
            #expect(event.gestures == line.step.gestures.map { "\($0.id) \($0.state)" }, "\(file) line \(line.seq)")
            if case .touch(let touch) = line.record {
                #expect(event.kind == 0 && event.phase == Int(touch.phase.rawValue), "\(file) line \(line.seq)")
                #expect(abs(event.x - touch.x) <= 0.125 && abs(event.y - touch.y) <= 0.125, "\(file) line \(line.seq)")
                if touch.phase == .began { #expect(event.hitView == line.step.hitTestView, "\(file) line \(line.seq)") }
            }
        }
    }

    /// The screen the page draws after each record is the model's after that record, replayed from scratch.
    @Test(arguments: files)
    func screenAtEveryMomentIsTheModels(file: String) throws {
        let session = try Self.session(file)
        let page = try PageReader(try Self.page(session).html)
        var records: [SessionRecord] = []
        try session.records.forEachRecord { records.append($0) }
        let screen = session.screen ?? Size(390, 844)
        for (k, event) in page.events.enumerated() {
            var replayer = SessionReplayer(session: session.ref.id, options: ReplayOptions(), detail: .divergences)
            for record in records where record.seq <= event.seq { try replayer.feed(record) { _ in } }
            try replayer.finish { _ in }
            let model = try #require(replayer.model)
            let expected = Scene(model: model, screen: screen, t: event.t).views.map(PageReader.View.init)
            #expect(page.views(at: k) == expected, "\(file) line \(event.seq)")
        }
    }

    /// The findings the page marks are the report's for the session.
    @Test(arguments: files)
    func findingsAreTheReports(file: String) throws {
        let session = try Self.session(file)
        let page = try PageReader(try Self.page(session).html)
        let findings = try ReportEngine.findings(in: session, rules: RuleRegistry.all, scenes: false)
        #expect(page.findings.map(\.rule) == findings.map(\.ruleID.rawValue))
        #expect(page.findings.map(\.start) == findings.map(\.span.start))
        #expect(
            page.findings.map(\.fingerprint) == findings.map { Signature.fingerprint($0.signature) })
    }

    /// The contract scripts and tests read, and a page that loads nothing.
    @Test func pageCarriesItsContractAndLoadsNothing() throws {
        let html = try Self.page(try Self.session("03-hidden-promo-field-keeps-typing.jsonl")).html
        let svg = try #require(html.range(of: "<svg [^>]*id=\"screen\"[^>]*>", options: .regularExpression))
        for attribute in ["data-t=", "data-first-responder=", "data-keyboard=", "data-seq="] {
            #expect(html[svg].contains(attribute))
        }
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"))
        let external = html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        #expect(!external.contains("http://") && !external.contains("https://") && !external.contains(" src="))
    }

    /// Typed text never reaches the page, and recorded text cannot end the page's script.
    @Test func typedTextAndMarkupInLabelsStayOut() throws {
        let text = """
            {"type":"session","format":"touchlog/1","session":"S1","device":{"model":"iPhone15,4","system":"iOS 17.5","screen":[393,852]}}
            {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"f","class":"UITextField","frame":[10,10,200,40],"accessibilityLabel":"</script><script>alert(1)</script>","isFirstResponder":true}]}]}
            {"type":"key","t":1,"length":7,"text":"hunter2"}
            {"type":"touch","t":2,"touch":1,"phase":"began","x":20,"y":20,"window":"w"}
            {"type":"touch","t":2.1,"touch":1,"phase":"ended","x":20,"y":20,"window":"w"}

            """
        let session = try ReportSession(jsonLines: text, source: "typed.jsonl", keepText: true)
        let html = try Self.page(session).html
        #expect(!html.contains("hunter2"))
        #expect(!html.contains("<script>alert(1)"))
        let page = try PageReader(html)
        #expect(page.events.count == 4)
        #expect(page.events[1].keyLength == 7)
        #expect(page.strings.contains("</script><script>alert(1)</script>"))
    }

    /// Past the explanation budget a touch carries none (the page then prints the explain command); under it, each
    /// new touch carries the model's hit test.
    @Test func explanationsStopAtTheirBudget() throws {
        let session = try Self.session("07-tap-recognizer-swallows-row-tap.jsonl")
        let full = try Self.page(session)
        let none = try Self.page(session, limits: ReplayPageLimits(explanationBytes: 0))
        let began = try PageReader(full.html).events.filter { $0.kind == 0 && $0.phase == 0 }
        #expect(!began.isEmpty)
        #expect(full.summary.explanations == began.count)
        #expect(began.allSatisfy { $0.explanation?.hasPrefix("hit test at") == true })
        #expect(none.summary.explanations == 0)
        #expect(try PageReader(none.html).events.allSatisfy { $0.explanation == nil })
        #expect(none.html.utf8.count < full.html.utf8.count)
    }

    /// Past the description budget, records are named by their type and divergences by their kind; the rest of the
    /// page is the same.
    @Test func descriptionsStopAtTheirBudget() throws {
        let session = try Self.session("05-reaction-bar-hit-test-override.jsonl")
        let full = try PageReader(try Self.page(session).html)
        let bare = try PageReader(try Self.page(session, limits: ReplayPageLimits(descriptionBytes: 0)).html)
        #expect(bare.events.count == full.events.count)
        let divergences = full.events.flatMap(\.divergences)
        #expect(!divergences.isEmpty && divergences.allSatisfy { $0.contains(": model ") })
        #expect(bare.events.flatMap(\.divergences) == divergences.map { String($0.prefix { $0 != ":" && $0 != " " }) })
        #expect(bare.strings.contains("snapshot") && !bare.strings.contains { $0.hasPrefix("snapshot, ") })
        for k in full.events.indices { #expect(bare.views(at: k) == full.views(at: k)) }
    }

    /// Keyframes and deltas: with a keyframe after every change or after 32, the screen read back is the same.
    @Test func keyframeSpacingDoesNotChangeTheScreen() throws {
        let session = try Self.session("05-reaction-bar-hit-test-override.jsonl")
        let every = try PageReader(try Self.page(session, limits: ReplayPageLimits(keyframeEvery: 0)).html)
        let spaced = try PageReader(try Self.page(session).html)
        #expect(every.keyframes > spaced.keyframes)
        for k in every.events.indices { #expect(every.views(at: k) == spaced.views(at: k)) }
    }
}

/// Reads a replay page's data as its script does, from the layout documented on ``ReplayPageEncoder``.
struct PageReader {
    struct Event {
        var kind = 0
        var phase = 0
        var t = 0.0
        var seq = 0
        var x = 0.0
        var y = 0.0
        var hitView: String?
        var explanation: String?
        var keyLength = 0
        var firstResponder: String?
        var keyboard = false
        var divergences: [String] = []
        /// Recognizer id and state, as the step's `gestures`.
        var gestures: [String] = []
    }

    struct View: Equatable, CustomStringConvertible {
        var id: String
        var className: String
        var label: String?
        var frame: [Double]
        var flags: Int

        init(id: String, className: String, label: String?, frame: [Double], flags: Int) {
            self.id = id
            self.className = className
            self.label = label
            self.frame = frame
            self.flags = flags
        }

        /// A view of the model's scene, in the page's precision (quarter points).
        init(_ view: SceneView) {
            var flags = 0
            if view.isHidden { flags |= 1 }
            if view.alpha < 0.01 { flags |= 2 } else if view.alpha < 1 { flags |= 4 }
            if !view.isUserInteractionEnabled { flags |= 8 }
            if !view.isEnabled { flags |= 16 }
            let f = view.frame
            self.init(
                id: view.id, className: view.className, label: view.label,
                frame: [f.x, f.y, f.width, f.height].map { ($0 * 4).rounded() / 4 }, flags: flags)
        }

        var description: String { "\(id) \(className) \(frame) \(flags)" }
    }

    struct Finding {
        var rule: String
        var start: Double
        var fingerprint: String
    }

    var events: [Event] = []
    var strings: [String] = []
    var findings: [Finding] = []
    /// By event index: a full list of views (keyframe) or changes by position.
    var screens: [Int: (keyframe: Bool, views: [(Int, View)])] = [:]
    var keyframes = 0

    init(_ html: String) throws {
        func block(_ id: String) throws -> String {
            let open = try #require(html.range(of: "id=\"\(id)\">"))
            let close = try #require(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
            return String(html[open.upperBound..<close.lowerBound])
        }
        let meta = try JSONReader.parse(try block("meta"))
        strings = (try JSONReader.parse(try block("strings")).arrayValue ?? []).compactMap(\.stringValue)
        for finding in meta["findings"]?.arrayValue ?? [] {
            findings.append(
                Finding(
                    rule: finding["rule"]?.stringValue ?? "", start: finding["start"]?.doubleValue ?? -1,
                    fingerprint: finding["fingerprint"]?.stringValue ?? ""))
        }
        let base64 = try block("events").filter { !$0.isWhitespace }
        let bytes = try #require(Data(base64Encoded: base64)).map { $0 }
        var p = 0
        func varint() -> Int {
            var value = 0
            var shift = 0
            while true {
                let byte = Int(bytes[p])
                p += 1
                value |= (byte & 0x7F) << shift
                shift += 7
                if byte & 0x80 == 0 { return value }
            }
        }
        func zigzag() -> Int {
            let v = varint()
            return v & 1 == 1 ? -(v + 1) / 2 : v / 2
        }
        func string(_ index: Int) -> String? { index > 0 ? strings[index - 1] : nil }
        func view() -> View {
            let id = strings[varint()]
            let className = strings[varint()]
            let label = string(varint())
            let frame = (0..<4).map { _ in Double(zigzag()) / 4 }
            let flags = Int(bytes[p])
            p += 1
            _ = varint()  // depth
            return View(id: id, className: className, label: label, frame: frame, flags: flags)
        }
        let count = meta["events"]?.intValue ?? 0
        var micros = 0
        var gap = 0
        var seq = 0
        var touch = (number: 0, x: 0, y: 0)
        var firstResponder: String?
        var keyboard = false
        var lastGestures: [String] = []
        for index in 0..<count {
            var event = Event()
            let kind = Int(bytes[p])
            p += 1
            let extended = kind & 0x80 != 0
            var flags = 0
            if extended {
                flags = Int(bytes[p])
                p += 1
            }
            gap += zigzag()
            micros += gap
            seq += extended ? varint() : 1
            event.kind = kind & 15 == 10 ? 0 : kind & 15
            event.phase = (kind >> 4) & 7
            event.t = Double(micros) / 1e6
            event.seq = seq
            switch event.kind {
            case 0:
                touch.number += zigzag()
                touch.x += zigzag()
                touch.y += zigzag()
                event.x = Double(touch.x) / 4
                event.y = Double(touch.y) / 4
                if event.phase == 0 {
                    event.hitView = string(varint())
                    event.explanation = string(varint())
                }
            case 1:
                event.keyLength = varint()
                _ = varint()
            default:
                _ = varint()
            }
            if flags & 1 != 0 { firstResponder = string(varint()) }
            if flags & 2 != 0 {
                keyboard = bytes[p] == 1
                p += 1
                _ = varint()
            }
            event.firstResponder = firstResponder
            event.keyboard = keyboard
            if flags & 4 != 0 { event.divergences = (0..<varint()).map { _ in strings[varint()] } }
            if flags & 8 != 0 { for _ in 0..<varint() { _ = varint() } }
            if kind & 15 == 10 { event.gestures = lastGestures }
            if flags & 16 != 0 {
                event.gestures = (0..<varint()).map { _ in strings[varint()] + " " + strings[varint()] }
                lastGestures = event.gestures
            }
            if flags & 32 != 0 {
                let keyframe = bytes[p] == 1
                p += 1
                let n = varint()
                var views: [(Int, View)] = []
                for position in 0..<n { views.append(keyframe ? (position, view()) : (varint(), view())) }
                screens[index] = (keyframe, views)
                if keyframe { keyframes += 1 }
            }
            events.append(event)
        }
        try #require(p == bytes.count, "every byte of the events is read")
    }

    /// The views drawn at event `index`: every change up to it applied in order.
    func views(at index: Int) -> [View] {
        var views: [View] = []
        for k in 0...index {
            guard let screen = screens[k] else { continue }
            if screen.keyframe {
                views = screen.views.map(\.1)
            } else {
                for (position, view) in screen.views { views[position] = view }
            }
        }
        return views
    }
}
