import ResponderCore
import TouchlogFormat
import TouchlogReplay

/// What analysing one session gave, as a worker stores it and a report reads it back: every finding of every rule
/// the configuration runs (unfiltered: a report's `--min-severity` and `--rule` choose among them as they would
/// among findings it made), or replay's reason for not analysing the session at all.
///
/// Stored as compact JSON written by the one JSON writer and read by the one reader. The session a finding cites
/// is not stored: the report knows it (TouchlogPipeline's `SessionLoader.session(_:)`), and it may name the session's file, which
/// `ingest --replace` changes. Numbers round-trip exactly, so a report from stored results is byte for byte the
/// report it would have made (a test compares them for every sample and format).
///
/// ```swift
/// let text = StoredOutcome.analyzed(findings).encoded()
/// let back = try StoredOutcome(decoding: text, session: ref, scenes: false)   // the findings, scenes dropped
/// ```
public enum StoredOutcome: Sendable, Hashable {
    case analyzed([Finding])
    case unreplayable(ReplayError)

    /// Analyses `session` with every rule of `rules` watching: what a worker stores.
    public static func analysing(_ session: ReportSession, rules: [ConfiguredRule], scenes: Bool) throws
        -> StoredOutcome
    {
        do {
            return .analyzed(try ReportEngine.findings(in: session, rules: rules, scenes: scenes))
        } catch let error as ReplayError {
            return .unreplayable(error)
        }
    }

    // MARK: Writing

    /// The compact JSON text stored.
    ///
    /// A scene holds every view on screen, and a session's findings mostly picture the same screen: each distinct
    /// list of views is written once (`screens`), and a scene names its list by index. Without this, scenes were
    /// 94% of a result's bytes.
    public func encoded() -> String {
        let value: JSONValue
        switch self {
        case .analyzed(let findings):
            var screens = ScreenTable()
            let items = findings.map { Self.json($0, screens: &screens) }
            value = ["findings": .array(items), "screens": .array(screens.lists.map(Self.json))]
        case .unreplayable(let error):
            value = ["unreplayable": Self.json(error)]
        }
        return value.serialized()
    }

    /// The distinct view lists of a result's scenes, in the order first met.
    private struct ScreenTable {
        var lists: [[SceneView]] = []
        var index: [[SceneView]: Int] = [:]

        mutating func number(_ views: [SceneView]) -> Int {
            if let known = index[views] { return known }
            lists.append(views)
            index[views] = lists.count - 1
            return lists.count - 1
        }
    }

    private static func json(_ finding: Finding, screens: inout ScreenTable) -> JSONValue {
        var object: JSONObject = [
            "rule": .string(finding.ruleID.rawValue), "severity": .string(finding.severity.rawValue),
            "span": [.number(finding.span.start), .number(finding.span.end)],
            "records": .array(finding.records.map { .number(Double($0)) }),
            "views": .array(finding.views.map(json)), "explanation": .string(finding.explanation),
        ]
        if let scene = finding.scene {
            object.members.append(.init(key: "scene", value: json(scene, screen: screens.number(scene.views))))
        }
        return .object(object)
    }

    private static func json(_ view: ViewRef) -> JSONValue {
        let path: [JSONValue] = view.path.map { [.string($0.className), optional($0.accessibilityIdentifier)] }
        return [
            .string(view.id), .string(view.className), optional(view.accessibilityIdentifier),
            optional(view.accessibilityLabel), .array(path), optional(view.role),
        ]
    }

    private static func json(_ scene: Scene, screen: Int) -> JSONValue {
        var cause: JSONValue = .null
        if let sceneCause = scene.cause {
            var kind: [JSONValue] = [.string(sceneCause.kind.name.rawValue)]
            if case .recognizer(let className) = sceneCause.kind { kind.append(.string(className)) }
            cause = [.string(sceneCause.view), .array(kind)]
        }
        return [
            "screen": [.number(scene.screen.width), .number(scene.screen.height)], "t": .number(scene.t),
            "views": .number(Double(screen)), "touches": .array(scene.touches.map { [.number($0.x), .number($0.y)] }),
            "hit": optional(scene.hitView), "expected": optional(scene.expectedView),
            "first_responder": optional(scene.firstResponder), "keyboard": scene.keyboardFrame.map(json) ?? .null,
            "cause": cause,
        ]
    }

    /// A view as one array: lists of them are most of what a result weighs.
    private static func json(_ views: [SceneView]) -> JSONValue {
        .array(
            views.map { view in
                [
                    .string(view.id), .string(view.className), optional(view.label), .number(view.frame.x),
                    .number(view.frame.y), .number(view.frame.width), .number(view.frame.height),
                    .bool(view.isHidden), .number(view.alpha), .bool(view.isUserInteractionEnabled),
                    .bool(view.isEnabled), .number(Double(view.depth)),
                ]
            })
    }

    private static func json(_ rect: Rect) -> JSONValue {
        [.number(rect.x), .number(rect.y), .number(rect.width), .number(rect.height)]
    }

    private static func json(_ error: ReplayError) -> JSONValue {
        let kind = JSONValue.string(error.kind.rawValue)
        return switch error {
        case .unknownPolicy(let name), .conflictingPolicy(let name): [kind, .string(name)]
        case .noSnapshot(let session): [kind, .string(session)]
        case .noSnapshotBefore(let session, let t): [kind, .string(session), .number(t)]
        case .eventBeforeSnapshot(let session, let seq, let type):
            [kind, .string(session), .number(Double(seq)), .string(type)]
        case .badRecord(let session, let seq, let message):
            [kind, .string(session), .number(Double(seq)), .string(message)]
        }
    }

    private static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    // MARK: Reading

    /// Why stored text does not read back as an outcome.
    public enum DecodingError: Error, Hashable {
        /// Not text this touchlog writes (the report then analyses the session itself).
        case unreadable
        /// A finding names a rule that is not among the rules known: a rule's id is never defaulted.
        case unknownRule(String)
    }

    /// Reads a stored outcome back, citing `session` in its findings, scenes dropped unless `scenes`, each finding's
    /// rule looked up among `rules`.
    public init(
        decoding text: String, session: SessionRef, scenes: Bool, rules: [any Rule.Type] = RuleRegistry.all
    ) throws(DecodingError) {
        guard let value = try? JSONReader.parse(text), let object = value.objectValue else { throw .unreadable }
        if let findings = object["findings"]?.arrayValue {
            // The view lists are read only when scenes are wanted: a report without pictures skips their decoding.
            var screens: [[SceneView]] = []
            if scenes {
                for list in object["screens"]?.arrayValue ?? [] {
                    guard let views = Self.sceneViews(list) else { throw .unreadable }
                    screens.append(views)
                }
            }
            var decoded: [Finding] = []
            decoded.reserveCapacity(findings.count)
            for item in findings {
                var finding = try Self.finding(item, session: session, screens: scenes ? screens : nil, rules: rules)
                if !scenes { finding.scene = nil }
                decoded.append(finding)
            }
            self = .analyzed(decoded)
        } else if let error = object["unreplayable"].flatMap(Self.replayError) {
            self = .unreplayable(error)
        } else {
            throw .unreadable
        }
    }

    /// `screens` nil: scenes are not wanted, and left out.
    private static func finding(
        _ value: JSONValue, session: SessionRef, screens: [[SceneView]]?, rules: [any Rule.Type]
    ) throws(DecodingError) -> Finding {
        guard let object = value.objectValue, let name = object["rule"]?.stringValue,
            let severity = object["severity"]?.stringValue.flatMap(Severity.init(rawValue:)),
            let span = object["span"]?.arrayValue, span.count == 2, let start = span[0].doubleValue,
            let end = span[1].doubleValue,
            let records = object["records"]?.arrayValue.map({ $0.compactMap(\.intValue) }),
            let views = object["views"]?.arrayValue, let explanation = object["explanation"]?.stringValue
        else { throw .unreadable }
        guard let rule = RuleRegistry.rule(named: name, among: rules) else { throw .unknownRule(name) }
        let refs = views.compactMap(viewRef)
        guard refs.count == views.count else { throw .unreadable }
        var scene: Scene?
        if let screens, let sceneValue = object["scene"] {
            guard let decoded = self.scene(sceneValue, screens: screens) else { throw .unreadable }
            scene = decoded
        }
        return Finding(
            ruleID: rule.id, severity: severity, session: session, span: TimeSpan(start, end), records: records,
            views: refs, explanation: explanation, scene: scene)
    }

    private static func viewRef(_ value: JSONValue) -> ViewRef? {
        guard let items = value.arrayValue, items.count == 6, let id = items[0].stringValue,
            let className = items[1].stringValue, let path = items[4].arrayValue
        else { return nil }
        let elements: [ViewRef.PathElement] = path.compactMap { element in
            guard let pair = element.arrayValue, pair.count == 2, let name = pair[0].stringValue else { return nil }
            return ViewRef.PathElement(name, pair[1].stringValue)
        }
        guard elements.count == path.count else { return nil }
        return ViewRef(
            id: id, className: className, accessibilityIdentifier: items[2].stringValue,
            accessibilityLabel: items[3].stringValue, path: elements, role: items[5].stringValue)
    }

    private static func sceneViews(_ value: JSONValue) -> [SceneView]? {
        guard let items = value.arrayValue else { return nil }
        let views: [SceneView] = items.compactMap { item in
            guard let v = item.arrayValue, v.count == 12, let id = v[0].stringValue, let className = v[1].stringValue,
                let x = v[3].doubleValue, let y = v[4].doubleValue, let w = v[5].doubleValue,
                let h = v[6].doubleValue, let hidden = v[7].boolValue, let alpha = v[8].doubleValue,
                let interaction = v[9].boolValue, let enabled = v[10].boolValue, let depth = v[11].intValue
            else { return nil }
            return SceneView(
                id: id, className: className, label: v[2].stringValue, frame: Rect(x, y, w, h), isHidden: hidden,
                alpha: alpha, isUserInteractionEnabled: interaction, isEnabled: enabled, depth: depth)
        }
        return views.count == items.count ? views : nil
    }

    private static func scene(_ value: JSONValue, screens: [[SceneView]]) -> Scene? {
        guard let object = value.objectValue, let screen = object["screen"]?.arrayValue, screen.count == 2,
            let width = screen[0].doubleValue, let height = screen[1].doubleValue, let t = object["t"]?.doubleValue,
            let list = object["views"]?.intValue, screens.indices.contains(list),
            let touchItems = object["touches"]?.arrayValue
        else { return nil }
        let views = screens[list]
        let touches: [Point] = touchItems.compactMap { item in
            guard let p = item.arrayValue, p.count == 2, let x = p[0].doubleValue, let y = p[1].doubleValue else {
                return nil
            }
            return Point(x, y)
        }
        guard touches.count == touchItems.count else { return nil }
        var keyboard: Rect?
        if let frame = object["keyboard"]?.arrayValue {
            guard frame.count == 4, let x = frame[0].doubleValue, let y = frame[1].doubleValue,
                let w = frame[2].doubleValue, let h = frame[3].doubleValue
            else { return nil }
            keyboard = Rect(x, y, w, h)
        }
        var cause: SceneCause?
        if let pair = object["cause"]?.arrayValue {
            guard pair.count == 2, let view = pair[0].stringValue, let kind = pair[1].arrayValue,
                let name = kind.first?.stringValue.flatMap(SceneCause.Kind.Name.init(rawValue:)),
                name != .recognizer || kind.count == 2,
                let decoded = SceneCause.Kind(name, recognizerClass: name == .recognizer ? kind[1].stringValue : nil)
            else { return nil }
            cause = SceneCause(view: view, kind: decoded)
        }
        return Scene(
            screen: Size(width, height), t: t, views: views, touches: touches,
            hitView: object["hit"]?.stringValue, expectedView: object["expected"]?.stringValue,
            firstResponder: object["first_responder"]?.stringValue, keyboardFrame: keyboard, cause: cause)
    }

    private static func replayError(_ value: JSONValue) -> ReplayError? {
        guard let items = value.arrayValue, let kindName = items.first?.stringValue,
            let kind = ReplayError.Kind(rawValue: kindName)
        else { return nil }
        func text(_ index: Int) -> String? { index < items.count ? items[index].stringValue : nil }
        func int(_ index: Int) -> Int? { index < items.count ? items[index].intValue : nil }
        switch kind {
        case .unknownPolicy: return text(1).map(ReplayError.unknownPolicy)
        case .conflictingPolicy: return text(1).map(ReplayError.conflictingPolicy)
        case .noSnapshot: return text(1).map { ReplayError.noSnapshot(session: $0) }
        case .noSnapshotBefore:
            guard let session = text(1), items.count > 2, let t = items[2].doubleValue else { return nil }
            return .noSnapshotBefore(session: session, t: t)
        case .eventBeforeSnapshot:
            guard let session = text(1), let seq = int(2), let type = text(3) else { return nil }
            return .eventBeforeSnapshot(session: session, seq: seq, type: type)
        case .badRecord:
            guard let session = text(1), let seq = int(2), let message = text(3) else { return nil }
            return .badRecord(session: session, seq: seq, message: message)
        }
    }
}
