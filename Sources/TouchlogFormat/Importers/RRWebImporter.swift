/// Imports the touches that mobile session replay records as rrweb events: Sentry's replay recording segments
/// (a JSON array of events, bare or in an envelope's `replay_recording` item) and PostHog's `$snapshot` events
/// (`$snapshot_data`), from the iOS, Android and React Native SDKs alike.
///
/// ```json
/// [{"type":4,"timestamp":1763460164905,"data":{"href":"","width":393,"height":852}},
///  {"type":3,"timestamp":1763460166120,"data":{"source":2,"type":7,"id":0,"x":196,"y":459,"pointerType":2,"pointerId":4}},
///  {"type":3,"timestamp":1763460166204,"data":{"source":2,"type":9,"id":0,"x":196,"y":459,"pointerType":2,"pointerId":4}}]
/// ```
///
/// Touch start (mouse interaction 7), touch end (9) and touch cancel (10) of incremental snapshots (event type 3,
/// source 2), and touch moves (source 6, each position at the event's time plus its `timeOffset` milliseconds),
/// become `touch` records: one sequence per pointer from its start to its end, numbered 1, 2, 3… in the order they
/// began. Every other event is skipped. Such a stream holds no view hierarchy: it is joined to one given beside
/// it (``convert(_:sourceName:joining:warn:)``, `touchlog ingest --hierarchy`) or carried in the same Sentry
/// envelope; without one the touches import against an empty snapshot and a warning says what that costs. The
/// mapping is in docs/importers.md.
public enum RRWebImporter: JSONDocumentImporter, TouchStreamImporter {
    public static let format = ImportFormat.rrweb

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record] {
        let stream = try read(bytes, warn: warn)
        let touches = records(of: stream, bytes: bytes, sourceName: sourceName)
        if stream.carriesHierarchy {
            // The envelope holds the event's view-hierarchy attachment too: the Sentry importer reads it from the
            // same bytes (it skips the replay items by their length), and the two are joined like a pair of files.
            let hierarchy = try SentryImporter.convert(bytes, sourceName: "", warn: { _ in })
            return joined(touches: touches, hierarchy: hierarchy)
        }
        warn(noHierarchyWarning(touchCount: stream.sequences, line: stream.firstLine))
        return touches
    }

    /// The touch stream in `bytes` joined to `hierarchy`, the records another importer made of the view hierarchy
    /// captured with it (`touchlog ingest replay.json --hierarchy view-hierarchy.json`).
    public static func convert(
        _ bytes: [UInt8], sourceName: String, joining hierarchy: [Record], warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record] {
        let stream = try read(bytes, warn: warn)
        return joined(touches: records(of: stream, bytes: bytes, sourceName: sourceName), hierarchy: hierarchy)
    }

    /// The report rules a session without a hierarchy, recognizers, actions, keyboard or first-responder records
    /// cannot fire on; named in the warning so a quiet report is not taken for a clean session.
    public static let rulesThatCannotFireWithoutHierarchy = [
        "blocked_tap", "unreachable_control", "swallowed_tap", "unhandled_action", "touch_on_hidden_view",
        "hit_test_divergence", "tap_failed_to_dismiss", "hidden_first_responder", "keyboard_occludes_input",
        "keyboard_without_first_responder", "first_responder_without_keyboard", "dead_tap", "rage_tap",
    ]

    static func noHierarchyWarning(touchCount: Int, line: Int) -> ImportWarning {
        ImportWarning(
            line: line, column: 1,
            message:
                "the touch stream carries no view hierarchy: its \(touchCount) touch\(touchCount == 1 ? "" : "es") import against an empty snapshot, so nothing can be hit-tested and no rule can fire (\(rulesThatCannotFireWithoutHierarchy.joined(separator: ", ")))",
            hint:
                "pass the view hierarchy captured with it: touchlog ingest FILE --hierarchy view-hierarchy.json"
        )
    }

    // MARK: Reading events

    /// One pointer change read from the stream, before sequences are formed.
    private struct PointerEvent {
        enum Kind {
            case start, move, end, cancel
        }

        var kind: Kind
        /// Epoch milliseconds.
        var time: Double
        /// The pointer as the stream names it (`pointerId`; 0 when the SDK writes none, as PostHog's do).
        var pointer: Double?
        var x: Double
        var y: Double
        var line: Int
        var column: Int
    }

    /// What the stream holds, in input order.
    private struct Stream {
        var pointerEvents: [PointerEvent] = []
        /// Epoch milliseconds of the first event of any type: `t` counts from it.
        var origin: Double?
        /// The first meta event's `width` and `height`: the space `x` and `y` are given in.
        var viewport: (width: Double, height: Double)?
        /// A Sentry envelope that also holds a view hierarchy (`windows`).
        var carriesHierarchy = false
        var skippedEvents = 0
        /// Events with a numeric `type` and `timestamp`, touches or not.
        var eventsRead = 0
        var firstLine = 1
        var sequences = 0
        var touches: [TouchRecord] = []
        /// A web page's recording: mouse interactions other than touches (clicks, focus), and the first full
        /// snapshot that serialises a DOM (`data.node`), where a mobile replay's full snapshot, if any, holds
        /// wireframes.
        var mouseInteractions = 0
        var domSnapshot: LocatedJSON?
    }

    /// Item types whose payload this importer reads: the recording, and events for the envelope's other JSON.
    private static let jsonItemTypes: Set<String> = ["replay_recording", "replay_event", "event"]

    private static func read(_ bytes: [UInt8], warn: (ImportWarning) -> Void) throws(ImportError) -> Stream {
        let values = try SentryEnvelope.values(
            bytes, readingItems: jsonItemTypes, format: format,
            hint:
                "a replay recording is JSON; was it cut short, or is it still compressed (decompress an envelope's replay_recording payload first)?"
        )
        var stream = Stream()
        stream.firstLine = values.first?.line ?? 1
        var eventLists: [[LocatedJSON]] = []
        // Whether the JSON ends inside the events (a paste or a log cut at a size limit): what followed is missing.
        var cutShort = false
        // Events written one per line (JSON Lines, as a log or a test keeps them), or one alone: a list of their own
        // for each run of them.
        var loose: [LocatedJSON] = []
        for value in values.flatMap({ unwrapped($0) }) {
            cutShort = cutShort || value.cut
            if value["type"]?.number != nil, value["timestamp"]?.number != nil, snapshotData(value) == nil {
                loose.append(value)
                continue
            }
            if !loose.isEmpty {
                eventLists.append(loose)
                loose = []
            }
            if let elements = value.array {
                // A recording segment is an array of events; a PostHog export, an array of `$snapshot` events; a
                // replay's segments fetched together, an array of segments.
                var events: [LocatedJSON] = []
                for element in elements {
                    if let data = snapshotData(element) {
                        eventLists.append(data)
                    } else if let segment = element.array {
                        eventLists.append(segment)
                    } else {
                        events.append(element)
                    }
                }
                if !events.isEmpty { eventLists.append(events) }
            } else if let data = snapshotData(value) {
                eventLists.append(data)
            } else if value["windows"] != nil {
                stream.carriesHierarchy = true
            }
        }
        if !loose.isEmpty { eventLists.append(loose) }
        var cutEvent: LocatedJSON?
        for events in eventLists {
            for event in events {
                // An event cut short is left out: whatever it lacks (its position, its phase) would be a guess.
                if event.cut {
                    cutEvent = cutEvent ?? event
                    continue
                }
                try readEvent(event, into: &stream)
            }
        }
        if cutShort || cutEvent != nil {
            let lastLine = bytes.reduce(1) { $1 == 0x0A ? $0 &+ 1 : $0 }
            warn(
                ImportWarning(
                    line: cutEvent?.line ?? lastLine, column: cutEvent?.column,
                    message: "the stream is cut off"
                        + (cutEvent != nil ? ", inside this event (left out)" : " before its array closes")
                        + ": events after the cut are missing, and a touch still down at the cut is left unfinished",
                    hint: "export the whole recording (or the whole segment) to import every touch"))
        }
        guard stream.eventsRead > 0 else {
            throw ImportError(
                format: format, line: values.first?.line ?? 1, column: values.first?.column,
                reason:
                    "no rrweb events: no object with a numeric \"type\" and \"timestamp\" (in an array of events, one per line, or a PostHog \"$snapshot_data\")",
                hint:
                    "pass the replay recording segment (a JSON array of events), the envelope holding it, or the exported $snapshot events"
            )
        }
        if stream.skippedEvents > 0 {
            warn(
                ImportWarning(
                    line: stream.firstLine,
                    message:
                        "\(stream.skippedEvents) event\(stream.skippedEvents == 1 ? "" : "s") without a numeric \"timestamp\" or \"type\" skipped",
                    hint: "rrweb events carry a type and an epoch-millisecond timestamp"))
        }
        if stream.pointerEvents.isEmpty, stream.mouseInteractions > 0 || stream.domSnapshot != nil {
            let clicks = stream.mouseInteractions
            throw ImportError(
                format: format, line: stream.domSnapshot?.line ?? stream.firstLine,
                column: stream.domSnapshot?.column,
                reason: "this is a web page's rrweb recording ("
                    + (stream.domSnapshot != nil ? "a snapshot of the page's DOM" : "no snapshot")
                    + ", \(clicks) click\(clicks == 1 ? "" : "s") or other mouse interaction\(clicks == 1 ? "" : "s")), "
                    + "not a mobile replay: it holds no touch (TouchStart, TouchMove, TouchEnd)",
                hint:
                    "touchlog replays an app's touches against its view hierarchy; a page's clicks land on DOM nodes, "
                    + "which it cannot hit-test. Import the app's own replay (Sentry's or PostHog's iOS SDK) instead")
        }
        formSequences(&stream, warn: warn)
        return stream
    }

    /// `value` and what it wraps (``JSONDocumentShape/wrapperNames``: a request dump's `body`, PostHog's `batch`),
    /// down to the values that are neither: envelopes are peeled, at most four deep.
    private static func unwrapped(_ value: LocatedJSON, depth: Int = 0) -> [LocatedJSON] {
        // An event (`type`), a `$snapshot` and a hierarchy are what is wrapped, never wrappers: an rrweb event's own
        // `data` is its payload.
        guard depth < 4, value.members != nil, value["type"] == nil, snapshotData(value) == nil,
            value["windows"] == nil
        else {
            return [value]
        }
        let inner = JSONDocumentShape.wrapperNames.sorted().compactMap { value[$0] }.filter {
            $0.array != nil || $0.members != nil
        }
        guard !inner.isEmpty else { return [value] }
        return inner.flatMap { unwrapped($0, depth: depth + 1) }
    }

    /// The events of a PostHog `$snapshot` event (`$snapshot_data` at the top or under `properties`), else nil.
    private static func snapshotData(_ value: LocatedJSON) -> [LocatedJSON]? {
        guard value.members != nil else { return nil }
        guard let data = value["$snapshot_data"] ?? value["properties"]?["$snapshot_data"] else { return nil }
        // Old web SDKs sent one event per `$snapshot`; the mobile SDKs send a list.
        return data.array ?? (data.members != nil ? [data] : [])
    }

    private static func readEvent(_ event: LocatedJSON, into stream: inout Stream) throws(ImportError) {
        guard event.members != nil, let type = event["type"]?.number, let timestamp = event["timestamp"]?.number,
            timestamp.isFinite
        else {
            stream.skippedEvents += 1
            return
        }
        stream.eventsRead += 1
        stream.origin = min(stream.origin ?? timestamp, timestamp)
        let data = event["data"]
        switch type {
        case 4:
            if stream.viewport == nil, let width = data?["width"]?.number, let height = data?["height"]?.number,
                width > 0, height > 0, width.isFinite, height.isFinite
            {
                stream.viewport = (width, height)
            }
        case 2:
            if stream.domSnapshot == nil, data?["node"]?.members != nil { stream.domSnapshot = event }
        case 3:
            guard let data, let source = data["source"]?.number else { return }
            if source == 2 {
                let kind: PointerEvent.Kind
                switch data["type"]?.number {
                case 7: kind = .start
                case 9: kind = .end
                case 10: kind = .cancel
                default:
                    // Clicks, focus, blur: a web page's, not touches.
                    stream.mouseInteractions += 1
                    return
                }
                let x = try coordinate("x", of: data, event: event)
                let y = try coordinate("y", of: data, event: event)
                stream.pointerEvents.append(
                    PointerEvent(
                        kind: kind, time: timestamp, pointer: data["pointerId"]?.number ?? 0, x: x, y: y,
                        line: data.line, column: data.column))
            } else if source == 6 {
                guard let positions = data["positions"]?.array else {
                    throw ImportError(
                        format: format, line: data.line, column: data.column,
                        reason: "a touch move (source 6) without a \"positions\" array",
                        hint: "rrweb touch moves list positions as [{\"x\":…,\"y\":…,\"id\":…,\"timeOffset\":…}]")
                }
                for position in positions {
                    let x = try coordinate("x", of: position, event: event)
                    let y = try coordinate("y", of: position, event: event)
                    var time = timestamp
                    if let offset = position["timeOffset"]?.number, offset.isFinite, abs(offset) < 1e9 {
                        time += offset
                    }
                    // Sentry names the finger in `pointerId` and writes 0 as each position's `id`; others name it
                    // only in the position's `id`. Which one is down decides (formSequences).
                    stream.pointerEvents.append(
                        PointerEvent(
                            kind: .move, time: time, pointer: data["pointerId"]?.number ?? position["id"]?.number,
                            x: x, y: y, line: position.line, column: position.column))
                }
            }
        default:
            return  // full snapshots, custom events (breadcrumbs, options), plugins: nothing touchlog replays
        }
    }

    private static func coordinate(_ key: String, of data: LocatedJSON, event: LocatedJSON) throws(ImportError)
        -> Double
    {
        guard let value = data[key] else {
            throw ImportError(
                format: format, line: data.line, column: data.column,
                reason: "a touch without \"\(key)\"",
                hint: "rrweb touch events give the position as \"x\" and \"y\" numbers")
        }
        guard let number = value.number, number.isFinite, abs(number) < 1e7 else {
            throw ImportError(
                format: format, line: value.line, column: value.column,
                reason:
                    "\"\(key)\" is \(value.typeDescription == "a number" ? "out of range" : value.typeDescription), not a screen coordinate",
                hint: "rrweb touch events give the position as \"x\" and \"y\" numbers")
        }
        return number
    }

    /// Pairs starts with ends per pointer and writes the touch records.
    private static func formSequences(_ stream: inout Stream, warn: (ImportWarning) -> Void) {
        // Events of several `$snapshot`s can come newest first (PostHog's event list), and Sentry batches a move's
        // positions after the fact: order by time, keeping input order for equal times.
        let events = stream.pointerEvents.enumerated().sorted {
            $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
        }.map(\.element)
        let origin = stream.origin ?? 0
        if events.isEmpty {
            // A segment in which nobody touched the screen, or whose touches were cut: an empty session, said so
            // rather than stored as if the stream had been read for touches and found them all. (A web page's
            // recording is refused before this, saying what it is.)
            warn(
                ImportWarning(
                    line: 1,
                    message: "the stream holds no touch (no TouchStart, TouchMove or TouchEnd interaction)",
                    hint: "Sentry cuts a replay into segments every few seconds: the touches may be in another segment"
                ))
        }
        var down: [Double: Int] = [:]  // stream pointer → touch id
        var order: [Double] = []  // pointers down, in the order they went down
        var lastT = 0.0
        var next = 1
        var warnedLines: Set<Int> = []
        func record(_ event: PointerEvent, touch: Int, phase: TouchPhase) {
            let t = max(lastT, (event.time - origin) / 1000)
            lastT = t
            stream.touches.append(TouchRecord(t: t, touch: .number(Int64(touch)), phase: phase, x: event.x, y: event.y))
        }
        func skip(_ event: PointerEvent, _ message: String) {
            guard warnedLines.insert(event.line).inserted else { return }
            warn(ImportWarning(line: event.line, column: event.column, message: message, hint: nil))
        }
        for event in events {
            switch event.kind {
            case .start:
                let pointer = event.pointer ?? 0
                if let open = down[pointer] {
                    // A new start for a finger that never lifted: the stream lost its end.
                    record(event, touch: open, phase: .cancelled)
                    skip(
                        event,
                        "a touch start for pointer \(pointer) while it is down: the earlier touch is taken as cancelled here"
                    )
                } else {
                    order.append(pointer)
                }
                down[pointer] = next
                record(event, touch: next, phase: .began)
                next += 1
                stream.sequences += 1
            case .move:
                let pointer: Double?
                if let named = event.pointer, down[named] != nil {
                    pointer = named
                } else if order.count == 1 {
                    pointer = order[0]
                } else {
                    pointer = nil
                }
                guard let pointer, let touch = down[pointer] else {
                    skip(
                        event,
                        order.isEmpty
                            ? "a touch move with no touch down (its start is in an earlier segment?): skipped"
                            : "a touch move that names no pointer that is down: skipped")
                    continue
                }
                record(event, touch: touch, phase: .moved)
            case .end, .cancel:
                let pointer = event.pointer ?? 0
                guard let touch = down[pointer] else {
                    skip(
                        event,
                        "a touch \(event.kind == .end ? "end" : "cancel") with no touch down for pointer \(pointer): skipped"
                    )
                    continue
                }
                record(event, touch: touch, phase: event.kind == .end ? .ended : .cancelled)
                down[pointer] = nil
                order.removeAll { $0 == pointer }
            }
        }
        if !order.isEmpty, let last = events.last {
            // Left down: Sentry cuts segments every few seconds, so the finger may lift in the next one. The touch
            // stays open rather than getting an invented end (an `ended` would fire touch-up actions).
            warn(
                ImportWarning(
                    line: last.line, column: last.column,
                    message:
                        "\(order.count) touch\(order.count == 1 ? "" : "es") still down when the stream ends: left open, with no end",
                    hint: "the next recording segment may hold its end; ingest the segments together"))
        }
    }

    // MARK: Records

    private static func records(of stream: Stream, bytes: [UInt8], sourceName: String) -> [Record] {
        var extra: [JSONObject.Member] = []
        if let viewport = stream.viewport {
            extra.append(.init(key: "viewport", value: [.number(viewport.width), .number(viewport.height)]))
        }
        extra.append(.init(key: "hierarchy", value: false))
        let header = ImportRecords.session(
            format: format, bytes: bytes, sourceName: sourceName, startedAt: stream.origin.flatMap(isoTime),
            source: extra)
        let (snapshot, _) = ImportRecords.snapshot(ImportedHierarchy())
        return [.session(header), .snapshot(snapshot)] + stream.touches.map(Record.touch)
    }

    /// `2026-11-18T10:02:44.905Z` for epoch milliseconds; nil outside years 1970...9999.
    static func isoTime(_ milliseconds: Double) -> String? {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 253_402_300_800_000 else { return nil }
        let total = Int(milliseconds.rounded(.down))
        let seconds = total / 1000
        let date = CivilDays.date(daysSince1970: seconds / 86_400)
        let inDay = seconds % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = total % 1000
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        let year = String(repeating: "0", count: max(0, 4 - String(date.year).count)) + String(date.year)
        return
            "\(year)-\(two(date.month))-\(two(date.day))T\(two(inDay / 3600)):\(two(inDay % 3600 / 60)):\(two(inDay % 60)).\(fraction)Z"
    }

    // MARK: Joining

    /// The touch records of a stream (``convert(_:sourceName:warn:)`` without a hierarchy) joined to the records of
    /// a hierarchy import: the touch stream's header, naming both sources; the hierarchy's snapshots and
    /// observations; the touches after the first snapshot, in time order.
    ///
    /// Time: the first snapshot is at t=0. When both sides carry absolute times (the stream's first event, the
    /// hierarchy's `startedAt` or `capturedAt`) and the hierarchy was captured first, the touches move later by the
    /// gap; a hierarchy captured after the first touch still comes first (touches need a hierarchy to land in).
    /// Space: rrweb gives `x` and `y` in the space of the meta event's `width` and `height` (points on iOS with
    /// PostHog; Sentry's replay video size, smaller than the screen; density-independent pixels on Android), while
    /// the hierarchy's window frame is in points; when both sizes are known and differ, the touches are scaled to
    /// the window.
    static func joined(touches: [Record], hierarchy all: [Record], format: ImportFormat = .rrweb) -> [Record] {
        guard case .session(let stream)? = touches.first, case .session(let dump)? = all.first else {
            return touches
        }
        // A file of several dumps is several sessions (one per iOS version, say): the stream joins the first.
        let hierarchy = [all[0]] + all.dropFirst().prefix { $0.kind != .session }
        var header = stream.json
        let other = dump.json
        var source = header["source"]?.objectValue ?? JSONObject()
        source["hierarchy"] = nil
        var hierarchySource: JSONObject = [:]
        if let importer = other["source"]?["importer"] { hierarchySource["importer"] = importer }
        if let session = other["session"] { hierarchySource["session"] = session }
        if let file = other["source"]?["file"] { hierarchySource["file"] = file }

        var offset = 0.0
        let start = stream.startedAt.flatMap { ImportText.timestamp(Array($0.utf8))?.seconds }
        if let start, let captured = captureTime(other) {
            hierarchySource["capturedAt"] = other["source"]?["capturedAt"] ?? other["startedAt"]
            if captured <= start, start - captured < 86_400 { offset = start - captured }
        }
        if offset > 0 { source["touchOffset"] = .number(offset) }

        let firstSnapshot = hierarchy.dropFirst().lazy.compactMap { record -> SnapshotRecord? in
            if case .snapshot(let snapshot) = record { snapshot } else { nil }
        }.first
        var scale: (x: Double, y: Double)?
        if let viewport = source["viewport"]?.arrayValue, viewport.count == 2,
            let width = viewport[0].doubleValue, let height = viewport[1].doubleValue, width > 0, height > 0,
            let window = screenSize(firstSnapshot), window.width > 0, window.height > 0,
            window.width != width || window.height != height
        {
            scale = (window.width / width, window.height / height)
            source["scaledToWindow"] = [.number(window.width), .number(window.height)]
        }
        source["hierarchySource"] = .object(hierarchySource)
        header["source"] = .object(source)
        if header["app"] == nil, let app = other["app"] { header["app"] = app }
        if header["device"] == nil, let device = other["device"] { header["device"] = device }
        // The pair is the content: the same stream joined to another hierarchy is another session.
        let pair = stream.session + "+" + dump.session
        let session = ImportText.digestID(Array(pair.utf8), salt: "\(format.rawValue)-joined")

        var events: [Record] = []
        for record in touches.dropFirst() {
            switch record {
            case .touch(var touch):
                touch.t = rounded(touch.t + offset)
                if let scale {
                    touch.x = rounded(touch.x * scale.x)
                    touch.y = rounded(touch.y * scale.y)
                }
                events.append(.touch(touch))
            case .key(var key):
                // Typed text (an XCTest log's `Type 'hello' into …`) moves with the touches.
                key.t = rounded(key.t + offset)
                events.append(.key(key))
            default:
                continue  // the stream's own empty snapshot: the hierarchy's stand in for it
            }
        }
        var rest = Array(hierarchy.dropFirst())
        if rest.first?.kind != .snapshot {
            rest.insert(.snapshot(ImportRecords.snapshot(ImportedHierarchy()).record), at: 0)
        }
        // The hierarchy's records first at equal times, so its first snapshot leads.
        let merged = (rest + events).enumerated().sorted { left, right in
            let l = left.element.t ?? 0
            let r = right.element.t ?? 0
            return l != r ? l < r : left.offset < right.offset
        }.map(\.element)
        return [.session(SessionHeader(session: session, format: stream.format, members: header))] + merged
    }

    /// Three decimals (milliseconds, a thousandth of a point): sums and scaling make long fractions that say
    /// nothing the stream could tell.
    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// Seconds since 1970 at which a hierarchy import's dump was taken, when its header says.
    private static func captureTime(_ header: JSONObject) -> Double? {
        if let captured = header["source"]?["capturedAt"] {
            if let seconds = captured.doubleValue, seconds.isFinite { return seconds }
            if let text = captured.stringValue { return ImportText.timestamp(Array(text.utf8))?.seconds }
        }
        return header["startedAt"]?.stringValue.flatMap { ImportText.timestamp(Array($0.utf8))?.seconds }
    }

    /// The size in points of the screen a snapshot shows: its key window's, else its first window's.
    private static func screenSize(_ snapshot: SnapshotRecord?) -> (width: Double, height: Double)? {
        let windows = snapshot?.hierarchy.windows ?? []
        guard let window = windows.first(where: \.isKeyWindow) ?? windows.first, let frame = window.view.frame else {
            return nil
        }
        return (frame.width, frame.height)
    }

    // MARK: Detection

    /// Whether a JSON input is a touch stream: an array of rrweb events (objects with `type`, `timestamp` and
    /// `data`, as a Sentry recording segment is, alone or in an envelope), PostHog events (`event` and `properties`,
    /// which hold `$snapshot_data`; or `$snapshot_data` itself at the top), or a Sentry envelope's replay items
    /// (`replay_id`, `segment_id`), whose recording may be compressed. Ask it before the Sentry importer: an
    /// envelope that joins a replay to a view hierarchy has `windows` too.
    static func claims(_ shape: JSONDocumentShape) -> Bool {
        // The events may come wrapped: a request dump (`{"body": [...], "headers": {...}}`, as PostHog's iOS SDK
        // sends its batches), PostHog's `/batch` request (`{"api_key": …, "batch": [...]}`), a `data` envelope.
        shape.values.flatMap(\.withWrapped).contains { value in
            let keys = value.keys
            if keys.contains("$snapshot_data") { return true }
            if keys.contains("event"), keys.contains("properties") { return true }
            // Sentry's breadcrumbs have a type, a timestamp and data too, and a category no replay event has.
            if value.isArray, keys.isSuperset(of: ["type", "timestamp", "data"]), !keys.contains("category") {
                return true
            }
            // Events one per line (JSON Lines), or one alone: the same keys on an object, and none of a Sentry
            // event's, read to the end (objects with commas between them are a list of code: named, not read).
            if !value.isArray, shape.readToEnd, keys.isSuperset(of: ["type", "timestamp", "data"]),
                keys.isDisjoint(with: ["category", "event_id", "platform", "exception", "breadcrumbs", "contexts"])
            {
                return true
            }
            return !value.isArray && (keys.contains("replay_id") || keys == ["segment_id"])
        }
    }
}
