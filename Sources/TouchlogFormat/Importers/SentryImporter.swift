/// Imports Sentry JSON: `view-hierarchy.json` attachments, events and crash reports with breadcrumbs, and
/// envelopes that carry both.
///
/// ```json
/// {"rendering_system":"UIKIT","windows":[{"type":"UIWindow","identifier":null,"x":0,"y":0,"width":393,
///  "height":852,"alpha":1,"visible":true,"children":[{"type":"UIButton","identifier":"login", …}]}]}
/// ```
///
/// The input is one or more JSON values in a row (an envelope is a header line then items). Every value with
/// `windows` becomes a snapshot; every event's touch breadcrumbs become `sent` observations after them. The
/// mapping is in docs/importers.md.
public enum SentryImporter: HierarchyImporter {
    public static let format = ImportFormat.sentry

    /// Breadcrumb categories that record a tap on a view: Cocoa's `touch`, and the `ui.*` clicks other SDKs write.
    static let touchCategories: Set<String> = [
        "touch", "ui.click", "ui.tap", "ui.double_click", "ui.long_click",
    ]

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError)
        -> [JSONValue]
    {
        let values: [LocatedJSON]
        do {
            values = try JSONReader.readLocatedSequence(
                bytes, depthLimit: ImportRecords.jsonDepthLimit, options: [.keepsCutContainers, .repairsInvalidUTF8],
                after: envelopePayload)
        } catch {
            throw ImportError(
                json: error, in: bytes, format: format,
                hint: "Sentry files are JSON; was the file cut short or edited?")
        }
        var hierarchies: [(json: LocatedJSON, rendering: String?)] = []
        var events: [LocatedJSON] = []
        for value in values where value.members != nil {
            if value["windows"] != nil {
                hierarchies.append((value, value["rendering_system"]?.string))
            } else if isItemHeader(value) {
                continue
            } else if !breadcrumbs(of: value).isEmpty || value["contexts"] != nil
                || value["system"] != nil
            {
                events.append(value)
            }
        }
        guard !hierarchies.isEmpty || !events.isEmpty else {
            throw ImportError(
                format: format, line: values.first?.line ?? 1, column: values.first?.column,
                reason:
                    "neither a view hierarchy (no \"windows\") nor an event (no \"breadcrumbs\" or \"contexts\")",
                hint:
                    "pass the view-hierarchy.json attachment, the event JSON, or the envelope holding them")
        }

        var snapshots: [ImportedHierarchy] = []
        for (position, entry) in hierarchies.enumerated() {
            var hierarchy = ImportedHierarchy()
            hierarchy.t = Double(position)
            guard let windows = entry.json["windows"]?.array else {
                let found = entry.json["windows"]
                throw ImportError(
                    format: format, line: found?.line ?? entry.json.line, column: found?.column,
                    reason: "\"windows\" is \(found?.typeDescription ?? "missing"), not an array",
                    hint: "a Sentry view hierarchy lists its windows in an array")
            }
            for window in windows { try addNode(window, parent: nil, into: &hierarchy) }
            hierarchy.assignIDs(useAddresses: false)
            snapshots.append(hierarchy)
        }
        if snapshots.isEmpty {
            // Breadcrumbs without a hierarchy: an empty snapshot keeps the session well formed (observations
            // need one before them); the header says there was no hierarchy.
            snapshots.append(ImportedHierarchy())
        }
        let (snapshotRecords, synthetic) = ImportRecords.snapshots(snapshots)

        let observations = try touchObservations(events, after: snapshots[snapshots.count - 1])
        var app = JSONObject()
        var device = JSONObject()
        var extra: [JSONObject.Member] = []
        if let rendering = hierarchies.first?.rendering {
            extra.append(.init(key: "renderingSystem", value: .string(rendering)))
        }
        if hierarchies.isEmpty { extra.append(.init(key: "hierarchy", value: false)) }
        if values.last?.cut == true { extra.append(.init(key: "cutShort", value: true)) }
        if !synthetic.isEmpty {
            extra.append(.init(key: "syntheticWindows", value: .array(synthetic.map { .string($0) })))
        }
        for event in events { describe(event, app: &app, device: &device, source: &extra) }
        let header = ImportRecords.session(
            format: format, bytes: bytes, sourceName: sourceName, startedAt: observations.startedAt,
            app: app,
            device: device, source: extra)
        return [header] + snapshotRecords + observations.records
    }

    // MARK: Envelopes

    private static let itemHeaderKeys: Set<String> = [
        "type", "length", "filename", "content_type", "attachment_type", "item_count", "platform",
    ]

    /// An envelope item header: a `type` and nothing but header fields (events have many more members).
    private static func isItemHeader(_ value: LocatedJSON) -> Bool {
        guard let members = value.members, value["type"]?.string != nil else { return false }
        return members.allSatisfy { itemHeaderKeys.contains($0.key) }
    }

    /// For an item header whose payload is not JSON (a screenshot, a replay), how much to skip.
    private static func envelopePayload(after value: LocatedJSON) -> JSONReader.Continuation {
        guard isItemHeader(value) else { return .value }
        let type = value["type"]?.string ?? ""
        let isJSON =
            type == "event" || type == "transaction"
            || value["attachment_type"]?.string == "event.view_hierarchy"
            || value["content_type"]?.string == "application/json"
            || (value["filename"]?.string ?? "").hasSuffix(".json")
        if isJSON { return .value }
        if let length = value["length"]?.number, length >= 0, length < 1e15 { return .payload(byteCount: Int(length)) }
        return .payloadLine
    }

    // MARK: Views

    private static func addNode(
        _ node: LocatedJSON, parent: Int?, into hierarchy: inout ImportedHierarchy
    )
        throws(ImportError)
    {
        guard let members = node.members else {
            throw ImportError(
                format: format, line: node.line, column: node.column,
                reason: "a view node is \(node.typeDescription), not an object",
                hint:
                    "each entry of \"windows\" and \"children\" is an object with \"type\", \"x\", \"y\", …")
        }
        if let parent, hierarchy.isFull(below: parent) {
            throw ImportError(
                format: format, line: node.line, column: node.column,
                reason: "views nest deeper than \(FormatLimits.maximumViewDepth) levels",
                hint: "no UIKit hierarchy is that deep")
        }
        if node.cut, node["type"]?.string == nil {
            // Cut off before its class was written: nothing to show but that the parent lost subviews.
            if let parent { hierarchy.views[parent].subviewsTruncated = true }
            return
        }
        guard let type = node["type"]?.string else {
            throw ImportError(
                format: format, line: node.line, column: node.column,
                reason: "the view node has no \"type\" string",
                hint: "Sentry writes the view's class as \"type\"")
        }
        var view = ImportedView(className: type, line: node.line)
        var frame: [Double] = [0, 0, 0, 0]
        var children: [LocatedJSON] = []
        var controller: String?
        func expect(_ what: String, _ key: String, _ value: LocatedJSON) -> ImportError {
            ImportError(
                format: format, line: value.line, column: value.column,
                reason: "\"\(key)\" is \(value.typeDescription), not \(what)",
                hint: "Sentry writes \"\(key)\" as \(what)")
        }
        for (key, value) in members {
            switch key {
            case "type": continue
            case "x", "y", "width", "height":
                if case .null = value.kind { continue }
                guard let number = value.number else { throw expect("a number", key, value) }
                let slot = ["x": 0, "y": 1, "width": 2, "height": 3][key] ?? 0
                frame[slot] = number
            case "alpha":
                if case .null = value.kind { continue }
                guard let number = value.number else { throw expect("a number", key, value) }
                if number != 1 { view.alpha = number }  // 1 is the default: saying it adds only noise
            case "visible":
                if case .null = value.kind { continue }
                guard let visible = value.bool else { throw expect("a boolean", key, value) }
                if !visible { view.isHidden = true }
            case "identifier":
                if let identifier = value.string, !identifier.isEmpty {
                    view.accessibilityIdentifier = identifier
                }
            case "view_controller":
                if let name = value.string, !name.isEmpty { controller = name }
            case "children":
                if case .null = value.kind { continue }
                guard let list = value.array else { throw expect("an array", key, value) }
                children = list
            case "truncated":
                if value.bool == true { view.subviewsTruncated = true }
            default:
                view.keep(key, value.plain)
            }
        }
        view.frame = frame
        if node.cut || node["children"]?.cut == true { view.subviewsTruncated = true }
        let index = hierarchy.add(view, parent: parent)
        if let controller { hierarchy.controllers.append((controller, index)) }
        for child in children { try addNode(child, parent: index, into: &hierarchy) }
    }

    // MARK: Events

    /// The breadcrumbs of an event (`breadcrumbs` as a list or `{values}`), of an event from Sentry's web API
    /// (`entries[type=breadcrumbs].data.values`) or of a SentryCrash report (`user.breadcrumbs`).
    static func breadcrumbs(of event: LocatedJSON) -> [LocatedJSON] {
        var result: [LocatedJSON] = []
        if let crumbs = event["breadcrumbs"] { result += crumbs.array ?? crumbs["values"]?.array ?? [] }
        for entry in event["entries"]?.array ?? [] where entry["type"]?.string == "breadcrumbs" {
            result += entry["data"]?["values"]?.array ?? []
        }
        if let crumbs = event["user"]?["breadcrumbs"]?.array { result += crumbs }
        return result
    }

    private static func touchObservations(_ events: [LocatedJSON], after snapshot: ImportedHierarchy)
        throws(ImportError)
        -> (records: [JSONValue], startedAt: String?)
    {
        var records: [JSONValue] = []
        var startedAt: String?
        var origin: Double?
        let base = snapshot.t
        var previous = base
        let index = SenderIndex(snapshot)
        for event in events {
            for crumb in breadcrumbs(of: event) {
                guard let category = crumb["category"]?.string, touchCategories.contains(category) else {
                    continue
                }
                var seconds: Double?
                if let number = crumb["timestamp"]?.number {
                    seconds = number
                } else if let text = crumb["timestamp"]?.string,
                    let parsed = ImportText.timestamp(Array(text.utf8))
                {
                    seconds = parsed.seconds
                    if startedAt == nil { startedAt = text }
                }
                var t = previous
                if let seconds {
                    if origin == nil { origin = seconds }
                    t = max(previous, base + seconds - (origin ?? seconds))
                }
                previous = t
                let data = crumb["data"]
                let action =
                    data?["action"]?.string ?? (category == "touch" ? crumb["message"]?.string : nil)
                    ?? category
                var record: JSONObject = ["type": "sent", "t": .number(t), "action": .string(action)]
                if let sender = index.sender(data) { record["sender"] = .string(sender) }
                record["breadcrumb"] = crumb.plain
                records.append(.object(record))
            }
        }
        return (records, startedAt)
    }

    /// Finds the view a touch breadcrumb names, when the hierarchy has exactly one that fits: by accessibility
    /// identifier (Cocoa `accessibilityIdentifier`, Android `view.id`), else by the class and frame in the
    /// `view` description Cocoa records. Indexed once, so many breadcrumbs cost no more than one pass each.
    private struct SenderIndex {
        var byIdentifier: [String: [String]] = [:]
        var byClass: [String: [String]] = [:]
        var byClassAndFrame: [String: [String]] = [:]

        init(_ hierarchy: ImportedHierarchy) {
            for view in hierarchy.views {
                if let identifier = view.accessibilityIdentifier {
                    byIdentifier[identifier, default: []].append(view.id)
                }
                byClass[view.className, default: []].append(view.id)
                byClassAndFrame[Self.key(view.className, view.frame), default: []].append(view.id)
            }
        }

        func sender(_ data: LocatedJSON?) -> String? {
            guard let data else { return nil }
            for key in ["accessibilityIdentifier", "view.id"] {
                if let identifier = data[key]?.string, let ids = byIdentifier[identifier], ids.count == 1 {
                    return ids[0]
                }
            }
            guard let description = data["view"]?.string, description.hasPrefix("<"),
                case .success(let parsed) = RecursiveDescriptionLine.parse(
                    Array(description.utf8.prefix(4096)))
            else { return nil }
            let frame = parsed.properties.first { $0.key == "frame" }?.value.flatMap(
                DescribedGeometry.rect)
            let matches =
                frame == nil
                ? byClass[parsed.className] : byClassAndFrame[Self.key(parsed.className, frame)]
            return matches?.count == 1 ? matches?[0] : nil
        }

        private static func key(_ className: String, _ frame: [Double]?) -> String {
            className + "|" + (frame ?? []).map { "\($0)" }.joined(separator: " ")
        }
    }

    /// Device and app details from an event's `contexts` (or a crash report's `system`), and when it happened.
    private static func describe(
        _ event: LocatedJSON, app: inout JSONObject, device: inout JSONObject,
        source: inout [JSONObject.Member]
    ) {
        func set(_ object: inout JSONObject, _ key: String, _ value: String?) {
            if let value, !value.isEmpty, object[key] == nil { object[key] = .string(value) }
        }
        let contexts = event["contexts"]
        set(&app, "id", contexts?["app"]?["app_identifier"]?.string)
        set(&app, "version", contexts?["app"]?["app_version"]?.string)
        set(&app, "build", contexts?["app"]?["app_build"]?.string)
        set(&device, "model", contexts?["device"]?["model"]?.string)
        if let name = contexts?["os"]?["name"]?.string,
            let version = contexts?["os"]?["version"]?.string
        {
            set(&device, "system", "\(name) \(version)")
        }
        let system = event["system"]
        set(&app, "id", system?["CFBundleIdentifier"]?.string)
        set(&app, "version", system?["CFBundleShortVersionString"]?.string)
        set(&app, "build", system?["CFBundleVersion"]?.string)
        set(&device, "model", system?["machine"]?.string)
        if let name = system?["system_name"]?.string, let version = system?["system_version"]?.string {
            set(&device, "system", "\(name) \(version)")
        }
        if let timestamp = event["timestamp"], !source.contains(where: { $0.key == "capturedAt" }) {
            if timestamp.string != nil || timestamp.number != nil {
                source.append(.init(key: "capturedAt", value: timestamp.plain))
            }
        }
        if let id = event["event_id"]?.string, !source.contains(where: { $0.key == "eventID" }) {
            source.append(.init(key: "eventID", value: .string(id)))
        }
    }
}
