import ResponderCore

/// `touchlog-bench core`: touch records dispatched per second, on one core, through a 500-view, 12-level
/// hierarchy with recognizers (the screen gen-session.py records: a navigation container, a table of cells with
/// labels, text fields, buttons and images), fed taps and drags at 60 Hz like gen-session.py makes.
enum CoreBenchmark {
    static func run(_ args: [String]) {
        var records = 2_000_000
        if let i = args.firstIndex(of: "--records"), i + 1 < args.count, let n = Int(args[i + 1]) { records = n }
        let (hierarchy, viewCount, depth) = screen()
        let (events, times, touchCount) = session(records: records)
        var model = ResponderModel(hierarchy: hierarchy, policies: PolicySettings(session: [.dismissOnOutsideTouch]))
        var step = Step()
        // Warm up (arrays reach their steady capacity), then measure a fresh copy of the model.
        var warm = model
        for k in 0..<min(20_000, events.count) { warm.dispatch(events[k], at: times[k], into: &step) }
        var deliveries = 0
        var frChanges = 0
        let clock = ContinuousClock()
        let start = clock.now
        for k in 0..<events.count {
            model.dispatch(events[k], at: times[k], into: &step)
            deliveries &+= step.delivered.count
            frChanges &+= step.firstResponderChanges.count
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perSecond = Double(touchCount) / seconds
        print(
            "core: \(viewCount) views, \(depth) levels, \(touchCount) touch records + \(events.count - touchCount) key records"
        )
        print(
            "core: \(format(seconds)) s, \(Int(perSecond)) touch records/s (target 1000000), \(format(seconds / Double(events.count) * 1e9)) ns per record"
        )
        print("core: \(deliveries) deliveries, \(frChanges) first-responder changes (checksum)")
    }

    static func format(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return String(r)
    }

    /// The benchmark screen: 12 levels, about 500 views, recognizers on the root, cells and title.
    static func screen() -> (HierarchySpec, Int, Int) {
        func view(_ id: String, _ cls: String, _ f: Rect, _ sub: [ViewSpec] = []) -> ViewSpec {
            ViewSpec(id: id, className: cls, frame: f, subviews: sub)
        }
        let w = 393.0
        let h = 852.0
        var cells: [ViewSpec] = []
        let cellCount = 81
        for i in 0..<cellCount {
            let y = Double(i) * 64
            var leaves = [view("lbl\(i)", "UILabel", Rect(16, 8, 200, 20))]
            switch i % 3 {
            case 0: leaves.append(view("tf\(i)", "UITextField", Rect(16, 30, 260, 28)))
            case 1:
                var b = view("btn\(i)", "UIButton", Rect(300, 16, 77, 32))
                b.actions = [ActionSpec(events: ["touchUpInside"], target: nil, action: "open\(i):")]
                leaves.append(b)
            default: leaves.append(view("img\(i)", "UIImageView", Rect(300, 8, 48, 48)))
            }
            leaves.append(view("sep\(i)", "UIView", Rect(16, 63, 377, 1)))
            let stack = view("stack\(i)", "UIStackView", Rect(0, 0, w, 64), leaves)
            let content = view("content\(i)", "UITableViewCellContentView", Rect(0, 0, w, 64), [stack])
            var cell = view("cell\(i)", "MyApp.RowCell", Rect(0, y, w, 64), [content])
            cell.baseClass = "UITableViewCell"
            cell.gestureRecognizers = [RecognizerSpec(id: "press\(i)", className: "UILongPressGestureRecognizer")]
            cells.append(cell)
        }
        let wrapper = view("wrapper", "UITableViewWrapperView", Rect(0, 0, w, Double(cellCount) * 64), cells)
        var table = view("table", "UITableView", Rect(0, 100, w, h - 100), [wrapper])
        table.bounds = Rect(0, 0, w, h - 100)
        var title = view("title", "UILabel", Rect(16, 50, 300, 34))
        title.isUserInteractionEnabled = true
        title.gestureRecognizers = [
            RecognizerSpec(id: "titleDoubleTap", className: "UITapGestureRecognizer", numberOfTapsRequired: 2)
        ]
        var hide = view("hide", "UIButton", Rect(320, 50, 60, 34))
        hide.actions = [ActionSpec(events: ["touchUpInside"], target: "vc", action: "hideField:")]
        let content = view("content", "UIView", Rect(0, 0, w, h), [title, hide, table])
        var root = view("root", "UIView", Rect(0, 0, w, h), [content])
        root.gestureRecognizers = [
            RecognizerSpec(
                id: "dismissTap", className: "UITapGestureRecognizer", cancelsTouchesInView: false,
                actions: [RecognizerActionSpec(target: "vc", action: "dismissKeyboard", effect: .endEditing)])
        ]
        let wrap = view("wrap", "UIView", Rect(0, 0, w, h), [root])
        let transition = view("transition", "UITransitionView", Rect(0, 0, w, h), [wrap])
        let nav = view("nav", "UILayoutContainerView", Rect(0, 0, w, h), [transition])
        let window = WindowSpec(view: view("w1", "UIWindow", Rect(0, 0, w, h), [nav]), isKeyWindow: true)
        let spec = HierarchySpec(
            windows: [window],
            controllers: [
                ControllerSpec(id: "navc", className: "UINavigationController", view: "nav"),
                ControllerSpec(
                    id: "vc", className: "MyApp.AccountsViewController", view: "root", parent: "navc",
                    implements: (0..<cellCount).filter { $0 % 3 == 1 }.map { "open\($0):" } + ["hideField:"]),
            ],
            application: ApplicationSpec(delegateID: "appDelegate", delegateIsResponder: true))
        let model = ResponderModel(hierarchy: spec)
        var maxDepth = 0
        for v in model.allViews { maxDepth = max(maxDepth, model.path(of: v).count) }
        return (spec, model.allViews.count, maxDepth)
    }

    /// Taps (60%) and drags at 60 Hz on fields, buttons and anywhere, plus key presses while editing; deterministic.
    static func session(records: Int) -> ([InputEvent], [Double], Int) {
        var rng = SplitMix(seed: 1)
        var events: [InputEvent] = []
        var times: [Double] = []
        events.reserveCapacity(records)
        times.reserveCapacity(records)
        let w = 393.0
        let h = 852.0
        // Visible targets (table at y 100, cells 64 high).
        var fields: [(Double, Double)] = []
        var buttons: [(Double, Double)] = []
        for i in 0..<11 {
            let top = 100.0 + Double(i) * 64.0
            if i % 3 == 0 { fields.append((40.0, top + 44.0)) }
            if i % 3 == 1 { buttons.append((330.0, top + 32.0)) }
        }
        var t = 0.0
        var touchID = 0
        var touchRecords = 0
        var editing = false
        while events.count < records {
            t += 0.2 + rng.next() * 1.3
            let r = rng.next()
            if editing && r < 0.2 {
                for _ in 0..<(1 + Int(rng.next() * 8)) {
                    t += 0.05 + rng.next() * 0.15
                    events.append(.key(length: 1))
                    times.append(t)
                }
                continue
            }
            touchID += 1
            let id = String(touchID)
            var x: Double
            var y: Double
            var onField = false
            if r < 0.6 && rng.next() < 0.4 {
                (x, y) = fields[Int(rng.next() * Double(fields.count))]
                onField = true
            } else if rng.next() < 0.5 {
                (x, y) = buttons[Int(rng.next() * Double(buttons.count))]
            } else {
                x = rng.next() * w
                y = rng.next() * h
            }
            let drag = rng.next() < 0.35
            let steps = drag ? 5 + Int(rng.next() * 36) : Int(rng.next() * 3)
            events.append(.touch(TouchInput(touch: id, phase: .began, point: Point(x, y), window: "w1")))
            times.append(t)
            touchRecords += 1
            for _ in 0..<steps {
                t += 1.0 / 60
                x = min(w - 1, max(0, x + (rng.next() * 6 - 3)))
                y = min(h - 1, max(0, y + (drag ? rng.next() * 50 - 25 : rng.next() * 2 - 1)))
                events.append(.touch(TouchInput(touch: id, phase: .moved, point: Point(x, y), window: "w1")))
                times.append(t)
                touchRecords += 1
            }
            t += 1.0 / 60
            events.append(.touch(TouchInput(touch: id, phase: .ended, point: Point(x, y), window: "w1")))
            times.append(t)
            touchRecords += 1
            if onField && !drag { editing = true } else if !onField && !drag { editing = false }
        }
        return (events, times, touchRecords)
    }
}

/// A small deterministic generator (SplitMix64) so every run dispatches the same records.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
