import TouchlogRecorder
import TouchlogSchema

#if canImport(UIKit)
    import UIKit
#else
    import Foundation
    import UIKitStandIn
#endif

/// Starts and owns a recording in an app: the recorder, the windows it records, and the notifications it listens to.
///
/// ```swift
/// // In the scene delegate of a debug or QA build (scene(_:willConnectTo:options:)): a window of the scene, which a
/// // window made with init(frame:) is not.
/// guard let windowScene = scene as? UIWindowScene else { return }
/// let window = RecordingWindow(windowScene: windowScene)
/// window.rootViewController = RootViewController()
/// window.makeKeyAndVisible()
/// try TouchlogRecording.start(session: info, directory: documents, windows: [window], application: .shared)
/// ```
///
/// Keyboard notifications become `keyboard` records, text-editing notifications first-responder checks and key
/// lengths, and going to the background flushes the file.
@MainActor
public final class TouchlogRecording {
    /// The recording in progress, which the window and application subclasses report to.
    public private(set) static var current: TouchlogRecording?

    public let recorder: Recorder
    /// Seconds of system uptime, the clock of `UIEvent.timestamp`.
    public let uptime: () -> Double
    private var windows: [WeakWindow] = []
    private var observers: [NSObjectProtocol] = []
    private let center: NotificationCenter

    private final class WeakWindow {
        weak var window: UIWindow?
        init(_ window: UIWindow) { self.window = window }
    }

    /// The touch observers the recording attached to windows it did not make, removed when it stops.
    private var touchObservers: [WindowTouchObserver] = []
    /// An event seen through a touch observer, not yet closed (its timestamp): see `observedEvent(_:in:)`.
    private var openObservedEvent: Double?
    /// Runs its work on the next turn of the main run loop: where an observed event ends.
    private let afterEvent: @MainActor (@escaping @MainActor @Sendable () -> Void) -> Void

    /// Records `windows` (add more with `add(_:)`) into `sink`. `uptime` defaults to `ProcessInfo.systemUptime`.
    ///
    /// A window that is not a `RecordingWindow` (one SwiftUI made) is watched by a touch observer the recording
    /// attaches to it (`WindowTouchObserver`): its touches are recorded, and each event is closed on the next turn of
    /// the main run loop (`afterEvent`, `DispatchQueue.main.async` unless a test drives it).
    @discardableResult
    public static func start(
        session: SessionInfo, sink: any RecordingSink, windows: [UIWindow],
        configuration: RecorderConfiguration = RecorderConfiguration(),
        application: UIApplication? = nil, center: NotificationCenter = .default,
        uptime: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }, background: Bool = true,
        afterEvent: @escaping @MainActor (@escaping @MainActor @Sendable () -> Void) -> Void = TouchlogRecording
            .nextRunLoopTurn
    ) -> TouchlogRecording {
        current?.stop()
        let recording = TouchlogRecording(
            recorder: Recorder(
                configuration: configuration, session: session, sink: sink, startUptime: uptime(),
                background: background), uptime: uptime, center: center, afterEvent: afterEvent)
        recording.windows = windows.map(WeakWindow.init)
        for window in windows { recording.watch(window) }
        // Which of several scenes' key windows the person works in, no API says: the first one listed, until one
        // becomes key.
        recording.lastKeyWindow = windows.first(where: \.isKeyWindow)
        recording.recorder.windows = { [weak recording] in recording?.liveWindows() ?? [] }
        recording.recorder.application = application
        recording.recorder.objectReader = UIKitObjectReader()
        current = recording
        recording.observe()
        recording.watchRunLoop()
        recording.recorder.start(at: uptime())
        return recording
    }

    /// Records `directory/<session id>.jsonl` (and its continuations).
    @discardableResult
    public static func start(
        session: SessionInfo, directory: String, windows: [UIWindow],
        configuration: RecorderConfiguration = RecorderConfiguration(), application: UIApplication? = nil
    ) throws -> TouchlogRecording {
        start(
            session: session, sink: try FileSink(directory: directory, name: session.sessionID), windows: windows,
            configuration: configuration, application: application)
    }

    private init(
        recorder: Recorder, uptime: @escaping () -> Double, center: NotificationCenter,
        afterEvent: @escaping @MainActor (@escaping @MainActor @Sendable () -> Void) -> Void
    ) {
        self.recorder = recorder
        self.uptime = uptime
        self.center = center
        self.afterEvent = afterEvent
    }

    // MARK: Windows that appear (SwiftUI apps)

    /// The watch `startWhenWindowsAppear` set up, ended by `stop()`.
    private static var windowWatch: (center: NotificationCenter, token: NSObjectProtocol)?

    /// Starts recording when the app's first window becomes visible, and records every window of the app that becomes
    /// visible after it: the installation for a SwiftUI app (`@main struct MyApp: App`), which makes its windows and
    /// its application object itself. Call it at launch, before any window is up (the `App`'s `init`, or the
    /// `application(_:didFinishLaunchingWithOptions:)` of a `@UIApplicationDelegateAdaptor` delegate). Windows are
    /// found through `UIWindow.didBecomeVisibleNotification`; UIKit's own (the keyboard's) are left out.
    ///
    /// ```swift
    /// @main struct ShopApp: App {
    ///     init() {
    ///         TouchlogRecording.startWhenWindowsAppear(session: info, sink: try! FileSink(directory: docs, name: id))
    ///     }
    ///     var body: some Scene { WindowGroup { ContentView() } }
    /// }
    /// ```
    public static func startWhenWindowsAppear(
        session: SessionInfo, sink: any RecordingSink, configuration: RecorderConfiguration = RecorderConfiguration(),
        application: UIApplication? = nil, center: NotificationCenter = .default,
        uptime: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }, background: Bool = true,
        afterEvent: @escaping @MainActor (@escaping @MainActor @Sendable () -> Void) -> Void = TouchlogRecording
            .nextRunLoopTurn
    ) {
        endWindowWatch()
        let appeared = WindowAppeared { window in
            guard isAppWindow(window) else { return }
            if let current {
                current.add(window)
            } else {
                start(
                    session: session, sink: sink, windows: [window], configuration: configuration,
                    application: application, center: center, uptime: uptime, background: background,
                    afterEvent: afterEvent)
            }
        }
        let token = center.addObserver(forName: UIWindow.didBecomeVisibleNotification, object: nil, queue: nil) {
            notification in appeared.handle(notification)
        }
        windowWatch = (center, token)
    }

    private static func endWindowWatch() {
        if let watch = windowWatch { watch.center.removeObserver(watch.token) }
        windowWatch = nil
    }

    /// UIKit posts `didBecomeVisibleNotification` on the main thread, with the window as its object.
    private struct WindowAppeared: @unchecked Sendable {
        let body: @MainActor (UIWindow) -> Void

        func handle(_ notification: Notification) {
            let window = notification.object as? UIWindow
            MainActor.assumeIsolated {
                if let window { body(window) }
            }
        }
    }

    /// A window of the app (of `UIWindow` itself, of the app's class, or of SwiftUI's), not one UIKit makes for
    /// itself (the keyboard's `UIRemoteKeyboardWindow`, `UITextEffectsWindow`), which recordings leave out.
    static func isAppWindow(_ window: UIWindow) -> Bool {
        let type: AnyClass = Swift.type(of: window)
        return ObjectIdentifier(type) == ObjectIdentifier(UIWindow.self) || isAppClass(type) || isSwiftUIClass(type)
    }

    /// `DispatchQueue.main.async`: the work runs once UIKit has finished the current event.
    public static func nextRunLoopTurn(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
    }

    /// Records another window from now on (a window created later: a second scene, an overlay, a window SwiftUI
    /// made for another scene).
    public func add(_ window: UIWindow) {
        guard !windows.contains(where: { $0.window === window }) else { return }
        windows.append(WeakWindow(window))
        watch(window)
        recorder.hierarchyMayHaveChanged(at: uptime())
    }

    /// Attaches a touch observer to a window that does not record its own events (no `RecordingWindow`).
    private func watch(_ window: UIWindow) {
        guard !(window is RecordingWindow) else { return }
        let observer = WindowTouchObserver(target: nil, action: nil)
        window.addGestureRecognizer(observer)
        touchObservers.append(observer)
    }

    /// A touch observer saw `event` on `window`: the event's touches, as `RecordingWindow.sendEvent` records them
    /// before passing the event on. The rest of the event (the view's touches, recognizers' actions) runs after, and
    /// the recording closes it on the next turn of the run loop, or when the next event begins.
    func observedEvent(_ event: UIEvent, in window: UIWindow) {
        endObservedEvent()
        recorder.willSendEvent(window.touchReadings(of: event), in: window)
        openObservedEvent = event.timestamp
        afterEvent { [weak self] in self?.endObservedEvent() }
    }

    /// Closes the observed event still open, if any: what it changed is its effect.
    func endObservedEvent() {
        guard let timestamp = openObservedEvent else { return }
        openObservedEvent = nil
        recorder.didSendEvent(at: max(timestamp, uptime()))
    }

    #if canImport(UIKit)
        /// The main run loop's observer that calls `runLoopWillWait()` (the stand-in has no run loop to observe, so
        /// tests call it where the run loop would go idle).
        private var idleObserver: CFRunLoopObserver?
    #endif

    /// Observes the main run loop going idle (`beforeWaiting`), in every common mode (a scroll runs in tracking
    /// mode), ordered after the other observers of that moment, Core Animation's commit among them: the whole capture
    /// an event left pending is taken there, when the frame is on its way and the main thread would sleep.
    private func watchRunLoop() {
        #if canImport(UIKit)
            let observer = CFRunLoopObserverCreateWithHandler(
                kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, true, CFIndex.max
            ) { [weak self] _, _ in
                MainActor.assumeIsolated { self?.runLoopWillWait() }
            }
            CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
            idleObserver = observer
        #endif
    }

    /// The main run loop is about to wait for input: the recorder takes the capture an event left pending.
    public func runLoopWillWait() {
        recorder.runLoopWillWait(at: uptime())
    }

    /// Writes everything so far and stops; the file is complete.
    public func stop() {
        #if canImport(UIKit)
            if let observer = idleObserver { CFRunLoopObserverInvalidate(observer) }
            idleObserver = nil
        #endif
        Self.endWindowWatch()
        endObservedEvent()
        for observer in touchObservers { observer.view?.removeGestureRecognizer(observer) }
        touchObservers = []
        for observer in observers { center.removeObserver(observer) }
        observers = []
        recorder.timePassed(at: uptime())
        recorder.stop()
        if TouchlogRecording.current === self { TouchlogRecording.current = nil }
    }

    /// The key window's first responder, by a recursive search of its views: where a nil-targeted action starts.
    /// Each window keeps a first responder of its own, and UIKit sends key input and nil-targeted actions to the key
    /// window's ("The key window receives keyboard and other non-touch related events", Apple docs:
    /// UIWindow.isKeyWindow), as replay does; another window's is not asked. Nil when the key window is not a
    /// recording window or has none.
    func firstResponder() -> UIResponder? {
        guard let key = liveWindows().first(where: isRecordedKey) else { return nil }
        return Self.firstResponder(in: key)
    }

    /// The window that last became key, in whichever scene: where the person works now.
    private weak var lastKeyWindow: UIWindow?

    /// The app's `makeKey()` on a recording window, or UIKit's `didBecomeKeyNotification`.
    func windowBecameKey(_ window: UIWindow?) { lastKeyWindow = window }

    /// Whether the recording calls `window` key. Since iOS 15 each scene has a key window ("the key window of its
    /// scene", Apple docs: UIWindow.isKeyWindow), so with two scenes side by side two windows answer `isKeyWindow`;
    /// the format has one key window, the one that receives keys and nil-targeted actions. The recording takes the
    /// one that became key last (the scene the person moved to), and a key window of another scene is written as not
    /// key while that one is.
    func isRecordedKey(_ window: UIWindow) -> Bool {
        guard window.isKeyWindow else { return false }
        if let last = lastKeyWindow, last !== window, last.isKeyWindow { return false }
        return true
    }

    private static func firstResponder(in view: UIView) -> UIResponder? {
        if view.isFirstResponder { return view }
        for subview in view.subviews {
            if let found = firstResponder(in: subview) { return found }
        }
        return nil
    }

    private func liveWindows() -> [UIWindow] {
        windows.removeAll { $0.window == nil }
        return windows.compactMap(\.window).sorted { $0.windowLevel.rawValue < $1.windowLevel.rawValue }
    }

    private func observe() {
        let keyboard: [(Notification.Name, KeyboardPhase)] = [
            (UIResponder.keyboardWillShowNotification, .willShow), (UIResponder.keyboardDidShowNotification, .didShow),
            (UIResponder.keyboardWillHideNotification, .willHide), (UIResponder.keyboardDidHideNotification, .didHide),
            (UIResponder.keyboardWillChangeFrameNotification, .willChangeFrame),
        ]
        for (name, phase) in keyboard {
            on(name) { recording, posted in
                // With multitasking every visible app is told of keyboard changes; only this app's are its keyboard,
                // and another app's is written as a note.
                guard let frame = posted.keyboardFrame else { return }
                let rect = recording.recordedRect(ofScreenRect: frame)
                if posted.keyboardIsLocal {
                    recording.recorder.keyboard(phase, frame: rect, at: recording.uptime())
                } else {
                    recording.recorder.otherAppKeyboard(phase, frame: rect, at: recording.uptime())
                }
            }
        }
        for name in [
            UITextField.textDidBeginEditingNotification, UITextField.textDidEndEditingNotification,
            UITextView.textDidBeginEditingNotification, UITextView.textDidEndEditingNotification,
        ] {
            on(name) { recording, _ in recording.recorder.editingDidChange(at: recording.uptime()) }
        }
        for name in [UITextField.textDidChangeNotification, UITextView.textDidChangeNotification] {
            on(name) { recording, posted in
                guard let view = posted.view else { return }
                recording.recorder.textDidChange(in: view, text: view.recordedFields().text, at: recording.uptime())
            }
        }
        // Posted with the table delegate's didSelect / didDeselect, never for selection made in code (LS2).
        on(UITableView.selectionDidChangeNotification) { recording, posted in
            guard let table = posted.view else { return }
            recording.recorder.listSelectionDidChange(table, at: recording.uptime())
        }
        on(UIWindow.didBecomeKeyNotification) { recording, posted in
            recording.windowBecameKey(posted.view as? UIWindow)
            recording.recorder.keyWindowDidChange(to: posted.view as? UIWindow, at: recording.uptime())
        }
        on(UIApplication.didEnterBackgroundNotification) { recording, _ in
            recording.recorder.timePassed(at: recording.uptime())
            recording.recorder.flush()
        }
    }

    private func on(_ name: Notification.Name, _ body: @escaping @MainActor (TouchlogRecording, Posted) -> Void) {
        let handler = Handler(recording: self, body: body)
        observers.append(
            center.addObserver(forName: name, object: nil, queue: nil) { notification in handler.handle(notification) }
        )
    }

    /// A rectangle UIKit gives in the screen's coordinate space (the keyboard's frame) in the recording's: the
    /// coordinates of the windows' frames, in which touches are written. In Split View, Slide Over and Stage Manager
    /// the app's scene is not the whole screen, so the two differ ("The keyboard's frame uses the screen's coordinate
    /// space, which is different than the coordinate space of your views", Apple docs:
    /// UIResponder.keyboardFrameEndUserInfoKey): the rectangle is converted through the key recording window
    /// (`convert(_:from:)` with `window.screen.coordinateSpace`), then placed by that window's frame origin.
    func recordedRect(ofScreenRect rect: CGRect) -> Rect {
        let windows = liveWindows()
        guard let window = windows.first(where: isRecordedKey) ?? windows.first else { return Rect(rect) }
        let inWindow = window.convert(rect, from: window.screen.coordinateSpace)
        return Rect(
            Double(inWindow.minX + window.frame.minX), Double(inWindow.minY + window.frame.minY),
            Double(inWindow.width), Double(inWindow.height))
    }

    /// What the recorder takes from a notification: the keyboard's end frame (in the screen's coordinates) and
    /// whether this app's keyboard moved, the view that posted it (a text view, a table view).
    private struct Posted: Sendable {
        var keyboardFrame: CGRect?
        var keyboardIsLocal: Bool
        var view: UIView?
    }

    /// UIKit posts these notifications on the main thread, where the recorder runs: the handler asserts that and
    /// calls the recorder there.
    private struct Handler: @unchecked Sendable {
        weak var recording: TouchlogRecording?
        let body: @MainActor (TouchlogRecording, Posted) -> Void

        func handle(_ notification: Notification) {
            let value = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue
            // Absent (a notification posted by hand): taken as this app's.
            let local = notification.userInfo?[UIResponder.keyboardIsLocalUserInfoKey] as? NSNumber
            let posted = Posted(
                keyboardFrame: value?.cgRectValue, keyboardIsLocal: local?.boolValue ?? true,
                view: notification.object as? UIView)
            MainActor.assumeIsolated {
                if let recording { body(recording, posted) }
            }
        }
    }

    // MARK: Recognizer targets

    /// UIKit does not list a recognizer's targets: an app that wants them recorded (and their `effect` modelled)
    /// declares each one where it adds it.
    private static var recognizerActions:
        [ObjectIdentifier: (recognizer: WeakRecognizer, actions: [(WeakTarget, String)])] = [:]

    private final class WeakRecognizer {
        weak var object: UIGestureRecognizer?
        init(_ object: UIGestureRecognizer) { self.object = object }
    }

    private final class WeakTarget {
        weak var object: AnyObject?
        init(_ object: AnyObject?) { self.object = object }
    }

    /// Declares that `recognizer` sends `action` to `target` (what `addTarget(_:action:)` was given).
    public static func declare(_ recognizer: UIGestureRecognizer, target: AnyObject?, action: Selector) {
        let key = ObjectIdentifier(recognizer)
        var entry = recognizerActions[key]
        if entry?.recognizer.object !== recognizer { entry = (WeakRecognizer(recognizer), []) }
        entry!.actions.append((WeakTarget(target), NSStringFromSelector(action)))
        recognizerActions[key] = entry
    }

    static func declaredActions(of recognizer: UIGestureRecognizer) -> [(target: AnyObject?, action: String)] {
        guard let entry = recognizerActions[ObjectIdentifier(recognizer)], entry.recognizer.object === recognizer
        else { return [] }
        return entry.actions.map { ($0.0.object, $0.1) }
    }

    // MARK: Sensitive views

    /// Views the app marked sensitive, held weakly.
    private static var sensitiveViews: [ObjectIdentifier: WeakView] = [:]

    private final class WeakView {
        weak var view: UIView?
        init(_ view: UIView) { self.view = view }
    }

    /// Marks `view` (and everything inside it) sensitive: a touch bound to it is recorded with its phase and view only,
    /// at the view's centre, while `RecorderPrivacy.redactsSensitiveTouches` is on (the default). Secure text entry
    /// fields and views of the app's own that adopt `UIKeyInput` are sensitive without being marked.
    ///
    /// ```swift
    /// TouchlogRecording.markSensitive(cardNumberKeypad)  // its digit buttons' positions spell the number
    /// ```
    public static func markSensitive(_ view: UIView) {
        sensitiveViews = sensitiveViews.filter { $0.value.view != nil }
        sensitiveViews[ObjectIdentifier(view)] = WeakView(view)
    }

    /// Whether `view` is sensitive itself: secure text entry, a `UIKeyInput` view of the app's own (a PIN pad; a
    /// text field or text view that is not secure is not, and neither is a system view that adopts it, such as a web
    /// view's content), or marked by the app.
    static func isSensitive(_ view: UIView) -> Bool {
        if let field = view as? UITextField { return field.isSecureTextEntry || isMarked(view) }
        if let textView = view as? UITextView { return textView.isSecureTextEntry || isMarked(view) }
        return (view is UIKeyInput && isAppClass(type(of: view))) || isMarked(view)
    }

    /// Whether a class is the app's own rather than the system's (UIKit's, WebKit's, SwiftUI's): its bundle is not
    /// one of the system's frameworks.
    static func isAppClass(_ type: AnyClass) -> Bool {
        #if canImport(UIKit)
            return !Bundle(for: type).bundlePath.contains("/System/Library/")
        #else
            return !String(reflecting: type).hasPrefix("UIKitStandIn.")
        #endif
    }

    private static func isMarked(_ view: UIView) -> Bool {
        sensitiveViews[ObjectIdentifier(view)]?.view === view
    }

    /// The centre of `view` in `window`'s coordinates when `view` or a view it is inside (below the window) is
    /// sensitive; nil otherwise. Asked once per touch, when it begins.
    static func sensitiveCenter(of view: UIView, in window: UIWindow) -> Point? {
        var current: UIView? = view
        while let candidate = current, candidate !== window {
            if isSensitive(candidate) {
                let centre = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
                return Point(Double(centre.x), Double(centre.y))
            }
            current = candidate.superview
        }
        return nil
    }

    // MARK: Calls the app makes

    /// A key press on the app's own `UIKeyInput` view (a PIN pad): call it from the view's `insertText(_:)`. UIKit
    /// posts text notifications only for `UITextField` and `UITextView`, and observing a custom view's `insertText`
    /// without this call would take swizzling. Writes the length only (nothing for a secure view), and only while the
    /// view is first responder.
    ///
    /// ```swift
    /// func insertText(_ text: String) {
    ///     digits.append(text)
    ///     TouchlogRecording.current?.keyInput(in: self, inserted: text)
    /// }
    /// func deleteBackward() {
    ///     digits.removeLast()
    ///     TouchlogRecording.current?.keyInputDeleted(in: self)
    /// }
    /// ```
    public func keyInput(in view: some UIView & UIKeyInput, inserted text: String) {
        recorder.keyInput(keyInputReading(of: view, inserted: text), in: view, at: uptime())
    }

    /// A `deleteBackward()` on the app's own `UIKeyInput` view: see `keyInput(in:inserted:)`.
    public func keyInputDeleted(in view: some UIView & UIKeyInput) {
        recorder.keyInput(keyInputReading(of: view, inserted: nil), in: view, at: uptime())
    }

    /// `responder.target(forAction: action, withSender: sender)`, recorded: the app calls this instead where it asks
    /// UIKit who would handle an action, and gets UIKit's answer unchanged. The recording's `targetForAction`
    /// observation lets replay check its model of the responder chain against UIKit's answer. `target(forAction:)`
    /// is `UIResponder`'s, so observing the app's own calls without this would mean overriding it in every responder
    /// class (or swizzling it). With no recording running it only asks UIKit.
    ///
    /// ```swift
    /// let handler = TouchlogRecording.target(forAction: #selector(submitPIN(_:)), withSender: self, asking: pinView)
    /// ```
    public static func target(forAction action: Selector, withSender sender: Any?, asking responder: UIResponder)
        -> Any?
    {
        let target = responder.target(forAction: action, withSender: sender)
        if let current {
            current.recorder.didAskTarget(
                forAction: NSStringFromSelector(action), responder: responder, sender: sender as AnyObject?,
                target: target as AnyObject?, at: current.uptime())
        }
        return target
    }
}
