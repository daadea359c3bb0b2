import TouchlogSchema

/// The writer thread's side: turns pending items into lines (diffing hierarchies, encoding records), writes them in
/// whole lines, and starts a new file when the current one is full.
///
/// A continuation file is a session of its own, so every file ingests, replays and reports alone: its header names
/// the session it continues (`continues`, `part`) and its first record is a whole snapshot (with each window's first
/// responder as last recorded). Rotation waits until no finger is down, so no touch is split across files.
final class RecordWriter {
    private let sink: any RecordingSink
    private let header: SessionHeader
    /// A file past this size is closed at the next moment no finger is down.
    private let maxFileBytes: Int
    private var part = 1
    private var bytesInFile = 0
    private var previous: HierarchySpec?
    /// The encoded size of the last snapshot: a diff longer than this is written as a snapshot instead.
    private var snapshotBytes = Int.max
    private var touchesDown: Set<TouchIdentifier> = []
    /// Moves dropped per finger, written on the finger's `ended` or `cancelled` record.
    private var droppedMoves: [TouchIdentifier: Int] = [:]
    /// Each window's first responder as the last `firstResponder` record about it said (window id to view id, nil
    /// for none); a window no record named yet keeps what its capture read.
    private var firstResponders: [String: String?] = [:]
    private var lastT = 0.0
    /// Errors of the sink: the recording stops growing, the app goes on.
    private(set) var failure: (any Error)?

    init(sink: any RecordingSink, header: SessionHeader, maxFileBytes: Int) {
        self.sink = sink
        self.header = header
        self.maxFileBytes = maxFileBytes
    }

    /// Encodes and writes one batch.
    func process(_ items: [PendingItem], dropped: DropCount) {
        var out: [UInt8] = []
        out.reserveCapacity(items.count * 128)
        for (touch, count) in dropped.movedByTouch { droppedMoves[touch, default: 0] += count }
        for item in items {
            switch item {
            case .record(.touch(let touch)) where touch.phase.endsTouch && droppedMoves[touch.touch] != nil:
                track(.touch(touch))
                var o = touch.jsonObject
                o["droppedMoves"] = .number(Double(droppedMoves.removeValue(forKey: touch.touch) ?? 0))
                JSONWriter.write(.object(o), into: &out)
                out.append(UInt8(ascii: "\n"))
            case .record(let record):
                track(record)
                record.writeLine(into: &out)
            case .redactedTouch(let touch):
                track(.touch(touch))
                var o = touch.jsonObject
                o["positionRedacted"] = .bool(true)
                JSONWriter.write(.object(o), into: &out)
                out.append(UInt8(ascii: "\n"))
            case .hierarchy(let hierarchy, let t, let snapshot):
                writeHierarchy(hierarchy, t: t, snapshot: snapshot, into: &out)
            }
        }
        // Anything but moves lost: a note after the batch the drops were made in, at its last time (lines stay in
        // time order).
        if dropped.other > 0, let from = dropped.firstT, let to = dropped.lastT {
            Record.dropped(DroppedRecord(t: lastT, moved: dropped.moved, other: dropped.other, from: from, to: to))
                .writeLine(into: &out)
        }
        write(out)
        if bytesInFile >= maxFileBytes && touchesDown.isEmpty { rotate() }
    }

    func synchronize() {
        guard failure == nil else { return }
        do { try sink.synchronize() } catch { failure = error }
    }

    private func write(_ out: [UInt8]) {
        guard failure == nil, !out.isEmpty else { return }
        do {
            try sink.write(out)
            bytesInFile += out.count
        } catch {
            failure = error
        }
    }

    private func track(_ record: Record) {
        if let t = record.t { lastT = t }
        switch record {
        case .touch(let touch):
            switch touch.phase {
            case .began: touchesDown.insert(touch.touch)
            case .ended, .cancelled: touchesDown.remove(touch.touch)
            case .moved, .stationary: break
            }
        case .firstResponder(let change):
            // Without `window` the record is about the key window (docs/log-format.md).
            if let window = change.window ?? previous?.windows.first(where: \.isKeyWindow)?.view.id {
                firstResponders[window] = .some(change.view)
            }
        case .session, .snapshot, .key, .set, .insert, .remove, .call, .action, .keyboard, .sent, .targetForAction,
            .keyWindow, .recognizer, .selection, .controlState, .time, .dropped, .otherAppKeyboard, .unknown:
            break
        }
    }

    private func writeHierarchy(_ hierarchy: HierarchySpec, t: Double, snapshot: Bool, into out: inout [UInt8]) {
        lastT = t
        defer { previous = hierarchy }
        if !snapshot, let previous {
            guard previous != hierarchy else { return }
            if let records = HierarchyDiff.records(from: previous, to: hierarchy, t: t) {
                var lines: [UInt8] = []
                for record in records { record.writeLine(into: &lines) }
                if lines.count < snapshotBytes {
                    out += lines
                    return
                }
            }
        }
        let before = out.count
        Record.snapshot(SnapshotRecord(t: t, hierarchy: hierarchy)).writeLine(into: &out)
        snapshotBytes = out.count - before
    }

    /// The hierarchy with `isFirstResponder` on each window's first responder as last recorded and nowhere else in
    /// that window: a captured hierarchy's flags may be older than the latest `firstResponder` records.
    private func withFirstResponders(_ hierarchy: HierarchySpec) -> HierarchySpec {
        guard !firstResponders.isEmpty else { return hierarchy }
        var copy = hierarchy
        for index in copy.windows.indices {
            guard let firstResponder = firstResponders[copy.windows[index].view.id] else { continue }
            Self.mark(&copy.windows[index].view, firstResponder)
        }
        return copy
    }

    private static func mark(_ view: inout ViewSpec, _ id: String?) {
        let flag: Bool? = view.id == id ? true : nil
        if view.isFirstResponder != flag { view.isFirstResponder = flag }
        for index in view.subviews.indices { mark(&view.subviews[index], id) }
    }

    private func rotate() {
        guard failure == nil else { return }
        part += 1
        do { try sink.startFile(part: part) } catch {
            failure = error
            return
        }
        bytesInFile = 0
        var json = header.json
        json["continues"] = .string(part == 2 ? header.session : "\(header.session)-\(part - 1)")
        json["part"] = .number(Double(part))
        var out: [UInt8] = []
        Record.session(SessionHeader(session: "\(header.session)-\(part)", members: json)).writeLine(into: &out)
        if let previous {
            Record.snapshot(SnapshotRecord(t: lastT, hierarchy: withFirstResponders(previous))).writeLine(into: &out)
        }
        write(out)
    }
}

extension TouchPhase {
    /// The finger's last record.
    fileprivate var endsTouch: Bool { self == .ended || self == .cancelled }
}
