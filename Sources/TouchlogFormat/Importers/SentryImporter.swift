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
public enum SentryImporter: HierarchyImporter, JSONDocumentImporter {
    public static let format = ImportFormat.sentry

    /// Breadcrumb categories that record a tap on a view: Cocoa's `touch`, and the `ui.*` clicks other SDKs write.
    static let touchCategories: Set<String> = [
        "touch", "ui.click", "ui.tap", "ui.double_click", "ui.long_click",
    ]

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError)
        -> [Record]
    {
        let values = try SentryEnvelope.values(
            bytes, readingItems: jsonItemTypes, format: format,
            hint: "Sentry files are JSON; was the file cut short or edited?")
        var hierarchies: [(json: LocatedJSON, rendering: String?)] = []
        var events: [LocatedJSON] = []
        for value in values where isBreadcrumbList(value) {
            // Breadcrumbs copied out of their event: read as that event's.
            events.append(LocatedJSON(line: value.line, column: value.column, kind: .object([("breadcrumbs", value)])))
        }
        for value in values where value.members != nil && !SentryEnvelope.isItemHeader(value) {
            if value["windows"] != nil { hierarchies.append((value, value["rendering_system"]?.string)) }
            // Not `else`: a value with both a hierarchy and breadcrumbs must not lose its taps.
            if isEvent(value) { events.append(value) }
        }
        guard !hierarchies.isEmpty || !events.isEmpty else {
            throw ImportError(
                format: format, line: values.first?.line ?? 1, column: values.first?.column,
                reason:
                    "neither a view hierarchy (no \"windows\") nor an event (no \"breadcrumbs\" or \"contexts\")",
                hint:
                    "pass the view-hierarchy.json attachment, the event JSON, or the envelope holding them")
        }

        for entry in hierarchies { try requireUIKit(entry.json, rendering: entry.rendering) }
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

        let observations = touchObservations(events, after: snapshots[snapshots.count - 1], warn: warn)
        if hierarchies.isEmpty, observations.records.isEmpty, let first = observations.unplaced.first {
            // Every tap is without a time and there is no hierarchy: an empty session would say nobody touched
            // anything. A template's `"<timestamp>"` or an edited event: say so instead.
            let count = observations.unplaced.count
            throw ImportError(
                format: format, line: first.line, column: first.column,
                reason: "nothing to import: no view hierarchy, and "
                    + (count == 1
                        ? "the one touch breadcrumb has no time" : "none of the \(count) touch breadcrumbs has a time")
                    + " ("
                    + (first["timestamp"].map { "\"timestamp\": \($0.plain.serialized().prefix(40))" }
                        ?? "no \"timestamp\"")
                    + "), so no tap can be placed",
                hint:
                    "a template or an edited event: pass the event as Sentry stored it (its JSON on the issue's page), "
                    + "whose breadcrumbs carry their times")
        }
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
        return [.session(header)] + snapshotRecords + observations.records
    }

    /// A hierarchy another SDK of Sentry's wrote (Android's views, Jetpack Compose, Flutter, Unity) has the same
    /// shape as the Cocoa SDK's, in another platform's units and classes: imported, it would be views no UIKit rule
    /// applies to (an Android `visibility: gone` is no `isHidden`). Its `rendering_system` names it; without one, an
    /// Android class on the first window does.
    private static func requireUIKit(_ hierarchy: LocatedJSON, rendering: String?) throws(ImportError) {
        let platform: String
        if let rendering {
            guard rendering.lowercased() != "uikit" else { return }
            platform = "rendering_system \"\(rendering)\""
        } else if let type = hierarchy["windows"]?.array?.first?["type"]?.string,
            type.hasPrefix("android.") || type.hasPrefix("com.android.") || type.hasPrefix("androidx.")
        {
            platform = "Android classes (\(type))"
        } else {
            return
        }
        let found = hierarchy["rendering_system"] ?? hierarchy["windows"]
        throw ImportError(
            format: format, line: found?.line ?? hierarchy.line, column: found?.column,
            reason: "a Sentry view hierarchy of another platform's views (\(platform)), not UIKit's: touchlog models "
                + "UIKit, so it cannot replay them",
            hint: "pass the view-hierarchy.json the Sentry Cocoa SDK attached in the iOS app "
                + "(its rendering_system is \"UIKIT\")")
    }

    // MARK: Detection

    /// Sentry's JSON, by its shape: a view hierarchy (`windows`, never a touchlog record's `type`), an event
    /// (`breadcrumbs`, or `contexts` with the event's own fields), a SentryCrash report (`report` beside `crash`,
    /// `binary_images`, `system`, `user` or the scope), an event exported from the web API (`entries` with its
    /// ids), or an envelope (a header line, then an item header whose members are all header fields). The first
    /// value decides, so JSON Lines whose later lines look like an event stay unclaimed.
    static func claims(_ shape: JSONDocumentShape) -> Bool {
        guard let first = shape.values.first else { return false }
        // A list of breadcrumbs copied out of an event (`[{"category": "ui.click", "timestamp": …}, …]`).
        if first.isArray { return first.keys.isSuperset(of: ["category", "timestamp"]) }
        let keys = first.keys
        if keys.contains("windows"), !keys.contains("type") { return true }
        if keys.contains("breadcrumbs") { return true }
        if keys.contains("contexts"), !keys.isDisjoint(with: eventKeys) { return true }
        if keys.contains("report"), !keys.isDisjoint(with: crashReportKeys) { return true }
        if isCrashEvent(keys) || isCrashReportWithoutReport(keys) { return true }
        if isScopeSection(first) { return true }
        if keys.contains("entries"), !keys.isDisjoint(with: ["id", "eventID", "dateCreated", "groupID"]) {
            return true
        }
        if shape.values.count >= 2, !keys.contains("type") {
            let item = shape.values[1]
            return !item.isArray && item.keys.contains("type") && item.keys.isSubset(of: SentryEnvelope.itemHeaderKeys)
        }
        return false
    }

    /// Members an event has beside `contexts`, which alone is too common a name to claim a file by.
    private static let eventKeys: Set<String> = [
        "event_id", "platform", "sdk", "timestamp", "level", "exception", "release", "environment",
    ]

    // MARK: Envelopes

    /// Item types whose payload this importer reads; a replay recording is the session-replay importer's.
    private static let jsonItemTypes: Set<String> = ["event", "transaction"]

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
        view.frame = Rect(importing: frame)
        if node.cut || node["children"]?.cut == true { view.subviewsTruncated = true }
        let index = hierarchy.add(view, parent: parent)
        if let controller { hierarchy.controllers.append((controller, index)) }
        for child in children { try addNode(child, parent: index, into: &hierarchy) }
    }

    // MARK: Events

    /// A list of breadcrumbs on its own: objects, each with a `category` and a `timestamp`.
    private static func isBreadcrumbList(_ value: LocatedJSON) -> Bool {
        guard let items = value.array, !items.isEmpty else { return false }
        return items.allSatisfy { $0["category"]?.string != nil && $0["timestamp"] != nil }
    }

    /// Whether a value is an event to read breadcrumbs and device details from: one with breadcrumbs anywhere
    /// Sentry puts them, `contexts`, or a SentryCrash report (`report` beside its `crash`, `system`, `user`, …),
    /// which may lack `system` when the app died before SentryCrash wrote it.
    private static func isEvent(_ value: LocatedJSON) -> Bool {
        breadcrumbLists(of: value).contains { !($0.list.array ?? $0.list["values"]?.array ?? []).isEmpty }
            || value["contexts"] != nil || value["system"] != nil
            || (value["report"] != nil && !crashReportKeys.isDisjoint(with: (value.members ?? []).map(\.key)))
            || isCrashEvent(Set((value.members ?? []).map(\.key)))
            || isCrashReportWithoutReport(Set((value.members ?? []).map(\.key)))
    }

    /// An event as the SDK sends a crash (or Sentry's "JSON" view shows it), without breadcrumbs or `contexts`:
    /// `event_id` beside what only an event has. Such a report is often saved pretty-printed, over many lines.
    static func isCrashEvent(_ keys: Set<String>) -> Bool {
        // Not `sdk` or `platform`: an envelope's header has `event_id` and `sdk` too.
        keys.contains("event_id") && !keys.isDisjoint(with: ["exception", "threads", "debug_meta"])
    }

    /// A SentryCrash report's scope pasted without the rest of the report: `{"sentry_sdk_scope": {…}}`, or
    /// `{"user": {…}}` holding `breadcrumbs` or `sentry_sdk_scope` (where the Cocoa SDK writes its scope). `user`
    /// alone is too common a name, so only the scope inside it says it is Sentry's.
    static func isScopeSection(_ value: JSONDocumentShape.Value) -> Bool {
        let keys = value.keys
        guard !keys.isEmpty, keys.isSubset(of: ["user", "sentry_sdk_scope"]) else { return false }
        if let scope = value.wrapped["sentry_sdk_scope"], !scope.isArray { return true }
        guard let user = value.wrapped["user"], !user.isArray else { return false }
        return !user.keys.isDisjoint(with: ["breadcrumbs", "sentry_sdk_scope"])
    }

    /// A SentryCrash report whose `report` section is missing (cut, or left out of a paste): `crash` beside the
    /// sections only a crash report has.
    static func isCrashReportWithoutReport(_ keys: Set<String>) -> Bool {
        keys.contains("crash") && !keys.isDisjoint(with: ["binary_images", "system", "process", "recrash_report"])
    }

    /// Members that make an object with `report` a SentryCrash report.
    private static let crashReportKeys: Set<String> = [
        "crash", "binary_images", "system", "user", "sentry_sdk_scope", "process", "recrash_report",
    ]

    /// Where an event keeps breadcrumbs, each list with the path people would look for it under: the event's own
    /// `breadcrumbs` (a list, or `{"values": […]}` as the event protocol writes it), an event from Sentry's web API
    /// (`entries[type=breadcrumbs].data.values`), and a SentryCrash report's scope, which the Cocoa SDK has written
    /// in three places over the years: `user.breadcrumbs` (scope put in SentryCrash's user info),
    /// `user.sentry_sdk_scope.breadcrumbs` (the scope observer, written inside the open `user` object) and a
    /// top-level `sentry_sdk_scope.breadcrumbs`. Its report converter merges all of them, and so does the importer.
    static func breadcrumbLists(of event: LocatedJSON) -> [(path: String, list: LocatedJSON)] {
        var lists: [(path: String, list: LocatedJSON)] = []
        if let crumbs = event["breadcrumbs"] { lists.append(("breadcrumbs", crumbs)) }
        for entry in event["entries"]?.array ?? [] where entry["type"]?.string == "breadcrumbs" {
            if let values = entry["data"]?["values"] { lists.append(("entries[breadcrumbs].data.values", values)) }
        }
        if let crumbs = event["user"]?["breadcrumbs"] { lists.append(("user.breadcrumbs", crumbs)) }
        if let crumbs = event["user"]?["sentry_sdk_scope"]?["breadcrumbs"] {
            lists.append(("user.sentry_sdk_scope.breadcrumbs", crumbs))
        }
        if let crumbs = event["sentry_sdk_scope"]?["breadcrumbs"] {
            lists.append(("sentry_sdk_scope.breadcrumbs", crumbs))
        }
        return lists
    }

    /// A touch breadcrumb with the time it happened, in seconds since 1970.
    private struct TouchCrumb {
        var json: LocatedJSON
        var category: String
        var seconds: Double
        /// The timestamp as written when it was a string, for the header's `startedAt`.
        var text: String?
    }

    /// The `sent` observations of every event's touch breadcrumbs, in time order after the last snapshot.
    ///
    /// Each event's lists are merged by time, each list keeping its own order (a list is in the order the SDK
    /// recorded, oldest first), and a breadcrumb already read from another list (the event's copy of the scope's)
    /// is one observation. A touch breadcrumb that cannot be placed in time is left out with a warning, never
    /// silently: without its time it cannot be ordered against the other lists' taps.
    private static func touchObservations(
        _ events: [LocatedJSON], after snapshot: ImportedHierarchy, warn: (ImportWarning) -> Void
    ) -> (records: [Record], startedAt: String?, unplaced: [LocatedJSON]) {
        var records: [Record] = []
        var unplaced: [LocatedJSON] = []
        var startedAt: String?
        var origin: Double?
        let base = snapshot.t
        var previous = base
        let index = SenderIndex(snapshot)
        var seen: Set<String> = []
        for event in events {
            var lists: [[TouchCrumb]] = []
            for (path, container) in breadcrumbLists(of: event) {
                guard let crumbs = container.array ?? container["values"]?.array else {
                    warn(
                        ImportWarning(
                            line: container.line, column: container.column,
                            message:
                                "\"\(path)\" is \(container.typeDescription), not a list of breadcrumbs; any taps in it are not imported",
                            hint: "Sentry writes breadcrumbs as a list or as {\"values\": [...]}"))
                    continue
                }
                lists.append(touchCrumbs(crumbs, path: path, seen: &seen, unplaced: &unplaced, warn: warn))
            }
            for crumb in mergedByTime(lists) {
                if startedAt == nil { startedAt = crumb.text }
                if origin == nil { origin = crumb.seconds }
                let t = max(previous, base + crumb.seconds - (origin ?? crumb.seconds))
                previous = t
                let data = crumb.json["data"]
                let action =
                    data?["action"]?.string
                    ?? (crumb.category == "touch" ? crumb.json["message"]?.string : nil) ?? crumb.category
                // The breadcrumb names no receiver: the target is not recorded. The breadcrumb itself is kept
                // beside the fields, for whoever reads the stored record.
                let sent = SentRecord(
                    t: t, action: action, target: .unrecorded,
                    sender: index.sender(data).map { .object($0) } ?? .unrecorded,
                    unknownMembers: [JSONObject.Member(key: "breadcrumb", value: crumb.json.plain)])
                records.append(.sent(sent))
            }
        }
        return (records, startedAt, unplaced)
    }

    /// The touch breadcrumbs of one list with their times, leaving out those seen in an earlier list and warning
    /// about those without a usable time (added to `unplaced`).
    private static func touchCrumbs(
        _ crumbs: [LocatedJSON], path: String, seen: inout Set<String>, unplaced: inout [LocatedJSON],
        warn: (ImportWarning) -> Void
    ) -> [TouchCrumb] {
        var result: [TouchCrumb] = []
        for crumb in crumbs {
            guard let category = crumb["category"]?.string, touchCategories.contains(category) else { continue }
            let name = crumb["data"]?["action"]?.string ?? crumb["message"]?.string ?? category
            let timestamp = crumb["timestamp"]
            var seconds: Double?
            var text: String?
            if let number = timestamp?.number, number >= 0, number < latestTimestamp {
                seconds = number
            } else if let string = timestamp?.string, let parsed = ImportText.timestamp(Array(string.utf8)) {
                seconds = parsed.seconds
                text = string
            }
            guard let seconds else {
                let why: String
                if let timestamp {
                    why = "its timestamp \(timestamp.plain.serialized().prefix(60)) is not a time"
                } else {
                    why = crumb.cut ? "the file ends before its timestamp" : "it has no timestamp"
                }
                warn(
                    ImportWarning(
                        line: crumb.line, column: crumb.column,
                        message:
                            "touch breadcrumb \"\(name.prefix(80))\" in \"\(path)\" is not imported: \(why), so it cannot be placed among the other taps",
                        hint:
                            "Sentry writes a breadcrumb's time as an ISO-8601 string or Unix seconds; add one to import the tap"
                    ))
                unplaced.append(crumb)
                continue
            }
            // The same breadcrumb in two lists (the event's and the scope's) is one tap, however each copy spelled
            // its timestamp or ordered its members.
            let identity = [
                category, "\(seconds)", crumb["message"]?.string ?? "", crumb["type"]?.string ?? "",
                canonical(crumb["data"]?.plain ?? .null),
            ].joined(separator: "\u{1F}")
            guard seen.insert(identity).inserted else { continue }
            result.append(TouchCrumb(json: crumb, category: category, seconds: seconds, text: text))
        }
        return result
    }

    /// Unix seconds beyond which a number is not a breadcrumb time (the year 5138): keeps `t` finite.
    private static let latestTimestamp = 1e11

    /// The lists merged by time, each keeping its own order; on equal times the earlier list goes first.
    private static func mergedByTime(_ lists: [[TouchCrumb]]) -> [TouchCrumb] {
        var heads = Array(repeating: 0, count: lists.count)
        var merged: [TouchCrumb] = []
        merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        while true {
            var best: Int?
            for (list, head) in heads.enumerated() where head < lists[list].count {
                if let chosen = best, lists[chosen][heads[chosen]].seconds <= lists[list][head].seconds { continue }
                best = list
            }
            guard let best else { return merged }
            merged.append(lists[best][heads[best]])
            heads[best] += 1
        }
    }

    /// A value written with object members in name order, so two copies that differ only in member order compare
    /// equal.
    private static func canonical(_ value: JSONValue) -> String {
        func sorted(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array(let elements): .array(elements.map(sorted))
            case .object(let object):
                .object(
                    JSONObject(
                        object.members.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: sorted($0.value)) }))
            default: value
            }
        }
        return sorted(value).serialized()
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
                byClassAndFrame[Self.key(view.className, view.frame?.importedNumbers), default: []].append(view.id)
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

    /// Device and app details from an event's `contexts`, a crash report's `system`, or (a report without
    /// `system`, written when the app died before SentryCrash got to it) the `context` its scope keeps, which has
    /// the same shape as `contexts`; and when it happened. The first source that names a detail wins.
    private static func describe(
        _ event: LocatedJSON, app: inout JSONObject, device: inout JSONObject,
        source: inout [JSONObject.Member]
    ) {
        func set(_ object: inout JSONObject, _ key: String, _ value: String?) {
            if let value, !value.isEmpty, object[key] == nil { object[key] = .string(value) }
        }
        func read(contexts: LocatedJSON?) {
            set(&app, "id", contexts?["app"]?["app_identifier"]?.string)
            set(&app, "version", contexts?["app"]?["app_version"]?.string)
            set(&app, "build", contexts?["app"]?["app_build"]?.string)
            set(&device, "model", contexts?["device"]?["model"]?.string)
            if let name = contexts?["os"]?["name"]?.string,
                let version = contexts?["os"]?["version"]?.string
            {
                set(&device, "system", "\(name) \(version)")
            }
        }
        read(contexts: event["contexts"])
        let system = event["system"]
        set(&app, "id", system?["CFBundleIdentifier"]?.string)
        set(&app, "version", system?["CFBundleShortVersionString"]?.string)
        set(&app, "build", system?["CFBundleVersion"]?.string)
        set(&device, "model", system?["machine"]?.string)
        if let name = system?["system_name"]?.string, let version = system?["system_version"]?.string {
            set(&device, "system", "\(name) \(version)")
        }
        for scope in [event["user"]?["sentry_sdk_scope"], event["sentry_sdk_scope"], event["user"]] {
            read(contexts: scope?["context"])
        }
        // A SentryCrash report says when it crashed in its `report` section.
        if let timestamp = event["timestamp"] ?? event["report"]?["timestamp"],
            !source.contains(where: { $0.key == "capturedAt" })
        {
            if timestamp.string != nil || timestamp.number != nil {
                source.append(.init(key: "capturedAt", value: timestamp.plain))
            }
        }
        if let id = event["event_id"]?.string, !source.contains(where: { $0.key == "eventID" }) {
            source.append(.init(key: "eventID", value: .string(id)))
        }
    }
}
