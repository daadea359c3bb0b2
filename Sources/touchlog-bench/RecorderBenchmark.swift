import ResponderCore
import TouchlogFormat
import TouchlogRecorder

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `touchlog-bench recorder`: the recorder core's budgets (docs/recorder.md): encoding one touch record (<= 1 µs, on
/// the writer thread), snapshotting a 1,000-view hierarchy (<= 2 ms: the main thread's capture plus the writer's
/// encoding), and the main thread's time per touch event with reads costed like UIKit's (<= 0.2 ms). Times are the measuring thread's CPU time, so other work on a shared machine does not
/// count; wall time is printed beside it.
enum RecorderBenchmark {
    /// CPU time of the calling thread, in seconds.
    static func cpuTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func run(_ args: [String]) {
        var touches = 1_000_000
        var snapshots = 300
        if let i = args.firstIndex(of: "--touches"), i + 1 < args.count, let n = Int(args[i + 1]) { touches = n }
        if let i = args.firstIndex(of: "--snapshots"), i + 1 < args.count, let n = Int(args[i + 1]) { snapshots = n }
        var sequences = 200
        if let i = args.firstIndex(of: "--sequences"), i + 1 < args.count, let n = Int(args[i + 1]) { sequences = n }
        encodeTouches(touches)
        snapshot(snapshots)
        MainActor.assumeIsolated { touchEvents(sequences) }
    }

    /// The main thread's time per touch event on a 1,000-view screen whose reads cost what UIKit's do (budget 0.2 ms
    /// per event): `sequences` touches, each a `began`, ten `moved` and an `ended` event, through the whole recorder
    /// (`willSendEvent` / `didSendEvent`; the writer thread's diffing and encoding are not counted). Each view read
    /// converts its class to a string, as `NSStringFromClass` does, and a label's view computes its
    /// `accessibilityLabel` from its text, as `UILabel` does; every other property is a dynamically dispatched call.
    @MainActor
    static func touchEvents(_ sequences: Int) {
        let (window, button) = costedScreen()
        let recorder = Recorder(
            session: SessionInfo(sessionID: "BENCH"), sink: DiscardingSink(), startUptime: 0, background: true)
        recorder.windows = { [window] }
        recorder.start(at: 0)
        var began = 0.0
        var moved = 0.0
        var ended = 0.0
        var idle = 0.0
        final class Finger {}
        for s in 0..<sequences {
            let finger = Finger()
            let t = Double(s) + 1
            func event(_ phase: TouchPhase, _ k: Int) -> Double {
                let start = cpuTime()
                let reading = TouchReading(
                    touch: finger, phase: phase, locationInWindow: Point(352, 400 + Double(k)),
                    timestamp: t + Double(k) / 120,
                    view: phase == .began ? button : nil)
                recorder.willSendEvent([reading], in: window)
                recorder.didSendEvent(at: t + Double(k) / 120)
                return cpuTime() - start
            }
            // The run loop goes idle between a finger's events (8 ms apart at 120 Hz): the whole capture an event
            // left pending is taken there, on the main thread but outside the event, and counted apart.
            func runLoopWaits(_ k: Int) {
                let start = cpuTime()
                recorder.runLoopWillWait(at: t + Double(k) / 120 + 0.001)
                idle += cpuTime() - start
            }
            began += event(.began, 0)
            runLoopWaits(0)
            for k in 1...10 {
                moved += event(.moved, k)
                runLoopWaits(k)
            }
            ended += event(.ended, 11)
            runLoopWaits(11)
        }
        recorder.stop()
        let n = Double(sequences)
        let all = (began + moved + ended) / (n * 12) * 1000
        print(
            "recorder: touch events on a 1,000-view screen with costed reads, main thread CPU: began \(format(began / n * 1000)) ms, moved \(format(moved / (n * 10) * 1000)) ms, ended \(format(ended / n * 1000)) ms, mean over a 12-event touch \(format(all)) ms (budget 0.2 ms per event); idle capture \(format(idle / n * 1000)) ms per touch, outside the events"
        )
    }

    /// The snapshot benchmark's screen, made of views whose reads cost what UIKit's do; returns the window and the
    /// button a touch is bound to.
    @MainActor
    static func costedScreen() -> (CostedWindow, CostedView) {
        let window = CostedWindow()
        let root = CostedView("UIView", Rect(0, 0, 393, 852))
        window.subviews = [root]
        let table = CostedView("UITableView", Rect(0, 103, 393, 749))
        root.subviews = [table]
        var count = 3
        var row = 0
        var button: CostedView?
        while count < 1000 {
            let cell = CostedView("Contacts.ContactCell", Rect(0, Double(row) * 64, 393, 64), base: "UITableViewCell")
            let content = CostedView("UITableViewCellContentView", Rect(0, 0, 393, 64), base: "UIView")
            cell.subviews = [content]
            count += 2
            for k in 0..<8 where count < 1000 {
                let view = CostedView(
                    k == 7 ? "UIButton" : k % 2 == 0 ? "UILabel" : "UIImageView",
                    k == 7 ? Rect(330, 10, 44, 44) : Rect(Double(k) * 40, 8, 36, 20))
                if k % 2 == 0 { view.text = "Contact \(row) line \(k)" }
                if k == 7 && button == nil { button = view }
                content.subviews.append(view)
                count += 1
            }
            table.subviews.append(cell)
            row += 1
        }
        return (window, button!)
    }

    /// Touch records as a recording has them: a finger dragging at 120 Hz, fractional times and coordinates.
    static func encodeTouches(_ count: Int) {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        var bytes = 0
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = cpuTime()
        for k in 0..<count {
            let t = 12.5 + Double(k) / 120
            let record = Record.touch(
                TouchRecord(
                    t: (t * 1_000_000).rounded() / 1_000_000, touch: .number(Int64(k / 50 + 1)),
                    phase: k % 50 == 0 ? .began : .moved, x: 100.5 + Double(k % 300) / 3, y: 400 - Double(k % 200) / 4,
                    window: "UIWindow#4", tapCount: 1, event: k / 50 + 1, view: k % 50 == 0 ? "UIButton#17" : nil))
            record.writeLine(into: &out)
            if out.count > 1 << 19 {
                bytes += out.count
                out.removeAll(keepingCapacity: true)
            }
        }
        bytes += out.count
        let cpu = cpuTime() - cpuStart
        let wall = seconds(clock.now - start)
        print(
            "recorder: encoded \(count) touch records (\(bytes / count) bytes each): \(format(cpu / Double(count) * 1e9)) ns CPU per record (budget 1000 ns; wall \(format(wall / Double(count) * 1e9)) ns)"
        )
    }

    /// A 1,000-view screen: a window, a navigation container, a table of 90 cells of 10 views each, buttons with
    /// targets, a field, recognizers.
    static func snapshot(_ runs: Int) {
        let window = BenchWindow()
        let root = BenchView("UIView", Rect(0, 0, 393, 852))
        window.subviews = [root]
        let table = BenchView("UITableView", Rect(0, 103, 393, 749))
        table.recognizers = [BenchRecognizer()]
        root.subviews = [table]
        var count = 3
        var row = 0
        while count < 1000 {
            let cell = BenchView("Contacts.ContactCell", Rect(0, Double(row) * 64, 393, 64), base: "UITableViewCell")
            let content = BenchView("UITableViewCellContentView", Rect(0, 0, 393, 64), base: "UIView")
            cell.subviews = [content]
            count += 2
            for k in 0..<8 where count < 1000 {
                let view: BenchView =
                    k == 7
                    ? BenchControl("UIButton", Rect(330, 10, 44, 44), target: root)
                    : BenchView(k % 2 == 0 ? "UILabel" : "UIImageView", Rect(Double(k) * 40, 8, 36, 20))
                view.label = k % 2 == 0 ? "Contact \(row) line \(k)" : nil
                content.subviews.append(view)
                count += 1
            }
            table.subviews.append(cell)
            row += 1
        }
        let capture = HierarchyCapture()
        var ids = ObjectIDs()
        var hierarchy = capture.capture(windows: [window], application: nil, ids: &ids)
        var line: [UInt8] = []
        Record.snapshot(SnapshotRecord(t: 1, hierarchy: hierarchy)).writeLine(into: &line)
        let clock = ContinuousClock()
        var captureTime = 0.0
        var encodeTime = 0.0
        let wallStart = clock.now
        for run in 0..<runs {
            let start = cpuTime()
            hierarchy = capture.capture(windows: [window], application: nil, ids: &ids)
            let captured = cpuTime()
            line.removeAll(keepingCapacity: true)
            Record.snapshot(SnapshotRecord(t: Double(run), hierarchy: hierarchy)).writeLine(into: &line)
            captureTime += captured - start
            encodeTime += cpuTime() - captured
        }
        let wallMS = seconds(clock.now - wallStart) / Double(runs) * 1000
        let views = countViews(hierarchy.windows[0].view)
        let captureMS = captureTime / Double(runs) * 1000
        let encodeMS = encodeTime / Double(runs) * 1000
        print(
            "recorder: snapshot of \(views) views (\(line.count) bytes): capture \(format(captureMS)) ms (main thread) + encode \(format(encodeMS)) ms (writer) = \(format(captureMS + encodeMS)) ms CPU (budget 2 ms; wall \(format(wallMS)) ms)"
        )
    }

    static func countViews(_ view: ViewSpec) -> Int { 1 + view.subviews.reduce(0) { $0 + countViews($1) } }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func format(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
}

/// A view whose reads do the work UIKit's do: its class name is converted to a string at each read (`NSStringFromClass`
/// makes an `NSString` each call), a label's `accessibilityLabel` is computed from its text, and each of the other
/// properties is a call the compiler cannot inline, as every Objective-C property read is a message send.
class CostedView: RecordableView {
    let kind: String
    let base: String?
    let storedFrame: Rect
    var text: String?
    var subviews: [CostedView] = []

    init(_ kind: String, _ frame: Rect, base: String? = nil) {
        self.kind = kind
        self.storedFrame = frame
        self.base = base
    }

    @inline(never) func read<T>(_ value: T) -> T { value }

    /// `NSStringFromClass`: a new string made from the class's name at each call.
    @inline(never) var className: String { String(decoding: Array(kind.utf8), as: UTF8.self) }

    /// `UILabel.accessibilityLabel`: computed from its text at each read.
    @inline(never) var accessibilityLabel: String? {
        text.map { String($0.split(separator: " ").joined(separator: " ")) }
    }

    func recordedFields() -> ViewFields {
        let name = className
        var fields = ViewFields(
            className: name, baseClass: base, frame: read(storedFrame),
            bounds: read(Rect(0, 0, storedFrame.width, storedFrame.height)),
            center: read(Point(storedFrame.x + storedFrame.width / 2, storedFrame.y + storedFrame.height / 2)),
            transform: read(.identity), isHidden: read(false), alpha: read(1),
            isUserInteractionEnabled: read(kind != "UILabel" && kind != "UIImageView"), clipsToBounds: read(false),
            isMultipleTouchEnabled: read(false), isExclusiveTouch: read(false), canBecomeFirstResponder: read(false),
            isFirstResponder: read(false), accessibilityIdentifier: read(nil), accessibilityLabel: accessibilityLabel,
            adoptsKeyInput: read(false))
        // The rest of the ~25 reads a UIKit view answers (scroll and control properties are nil here).
        for _ in 0..<8 { _ = read(fields.properties.alpha) }
        fields.text = .none
        return fields
    }
    func forEachRecordedSubview(_ body: (any RecordableView) -> Void) {
        for subview in subviews { body(subview) }
    }
    var recordedRecognizers: [any RecordableRecognizer] { [] }
    var recordedIsFirstResponder: Bool { read(false) }
    /// Six property reads, as UIKit's adapter makes them.
    var recordedGeometry: ViewGeometry {
        ViewGeometry(
            frame: read(storedFrame), bounds: read(Rect(0, 0, storedFrame.width, storedFrame.height)),
            center: read(Point(storedFrame.x + storedFrame.width / 2, storedFrame.y + storedFrame.height / 2)),
            transform: read(.identity), isHidden: read(false), alpha: read(1))
    }
    func recordedImplements(_ selectors: [String]) -> [String] { [] }
    var recordedDelegate: AnyObject? { nil }
    var recordedIsInWindow: Bool { true }
    func recordedRefuses(_ implemented: [String]) -> [String] { [] }
}

final class CostedWindow: CostedView, RecordableWindow {
    init() { super.init("UIWindow", Rect(0, 0, 393, 852)) }
    var recordedWindowLevel: Double { 0 }
    var recordedIsKeyWindow: Bool { true }
    var recordedPolicies: [DismissPolicy] { [] }
    var recordedRootController: (any RecordableController)? { nil }
    var recordedFrameOrigin: Point { Point(0, 0) }
}

/// Writes nowhere: the benchmark counts the main thread.
final class DiscardingSink: RecordingSink, @unchecked Sendable {
    func write(_ lines: [UInt8]) throws {}
    func synchronize() throws {}
    func startFile(part: Int) throws {}
}

/// Plain views with the reads a UIKit view gives the recorder. The fields are made once: a UIView answers each read
/// from its own storage, while making them here means resolving a class name.
private class BenchView: RecordableView {
    let className: String
    let base: String?
    let frame: Rect
    var label: String? {
        didSet { fields = makeFields() }
    }
    private lazy var fields = makeFields()
    var subviews: [BenchView] = []
    var recognizers: [BenchRecognizer] = []

    init(_ className: String, _ frame: Rect, base: String? = nil) {
        self.className = className
        self.frame = frame
        self.base = base
    }

    func recordedFields() -> ViewFields { fields }

    private func makeFields() -> ViewFields {
        let kind = UIKitClass.resolve(className: className, baseClass: base)
        return ViewFields(
            className: className, baseClass: base, frame: frame,
            isUserInteractionEnabled: kind.defaultUserInteractionEnabled, clipsToBounds: kind.defaultClipsToBounds,
            canBecomeFirstResponder: kind.defaultCanBecomeFirstResponder, accessibilityLabel: label)
    }
    func forEachRecordedSubview(_ body: (any RecordableView) -> Void) {
        for subview in subviews { body(subview) }
    }
    var recordedRecognizers: [any RecordableRecognizer] { recognizers }
    var recordedIsFirstResponder: Bool { false }
    func recordedImplements(_ selectors: [String]) -> [String] { [] }
    var recordedDelegate: AnyObject? { nil }
    var recordedIsInWindow: Bool { true }
    func recordedRefuses(_ implemented: [String]) -> [String] { [] }
}

private final class BenchControl: BenchView, RecordableControl {
    weak var target: AnyObject?

    init(_ className: String, _ frame: Rect, target: AnyObject) {
        self.target = target
        super.init(className, frame)
    }

    func recordedControlFields() -> ControlFields {
        ControlFields(
            isEnabled: true, actions: [ControlAction(events: ["touchUpInside"], target: target, action: "call:")])
    }
    var recordedIsHighlighted: Bool { false }
}

private final class BenchWindow: BenchView, RecordableWindow {
    init() { super.init("UIWindow", Rect(0, 0, 393, 852)) }
    var recordedWindowLevel: Double { 0 }
    var recordedIsKeyWindow: Bool { true }
    var recordedPolicies: [DismissPolicy] { [] }
    var recordedRootController: (any RecordableController)? { nil }
}

private final class BenchRecognizer: RecordableRecognizer {
    func recordedFields() -> RecognizerFields {
        RecognizerFields(className: "UITapGestureRecognizer", actions: [(nil, "dismissKeyboard")])
    }

    /// A `UIGestureRecognizer` would add the recording as a target: once per recognizer, outside the measured
    /// captures after the first.
    func recordedObserveStates() {}
    func recordedRecognizesSimultaneously(with other: any RecordableRecognizer) -> Bool { false }
}
