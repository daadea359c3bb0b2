import TouchlogSchema

/// What the main thread hands to the writer: a record already typed, or a captured hierarchy the writer compares
/// with the previous one (so the diff costs the main thread nothing).
enum PendingItem {
    case record(Record)
    /// A touch on a sensitive view (`RecorderPrivacy.redactsSensitiveTouches`): its position is the view's centre,
    /// not the finger's, and the line says so (`positionRedacted`).
    case redactedTouch(TouchRecord)
    /// `snapshot` true: write a whole snapshot whatever changed (the session's first, a new file's first).
    case hierarchy(HierarchySpec, t: Double, snapshot: Bool)

    /// A `moved` touch: the first thing dropped when the buffer is full (the finger's path loses a sample; every
    /// begin and end, every observation and every change to the hierarchy stay).
    var isMovedTouch: Bool {
        if case .record(.touch(let touch)) = self { return touch.phase == .moved }
        return false
    }
}

/// What the buffer had to leave out. Dropped moves are said on their finger's last record (`droppedMoves`); other
/// drops, which only a writer far behind causes, by a `dropped` record (docs/log-format.md).
struct DropCount: Equatable {
    var moved = 0
    /// Dropped moves per finger.
    var movedByTouch: [TouchIdentifier: Int] = [:]
    /// Records of other kinds, dropped only when the buffer is full beyond its hard limit.
    var other = 0
    var firstT: Double?
    var lastT: Double?

    var isEmpty: Bool { moved == 0 && other == 0 }

    mutating func count(_ item: PendingItem, moved isMoved: Bool) {
        if isMoved {
            moved += 1
            if case .record(.touch(let touch)) = item { movedByTouch[touch.touch, default: 0] += 1 }
        } else {
            other += 1
        }
        let t: Double? =
            switch item {
            case .record(let record): record.t
            case .redactedTouch(let touch): touch.t
            case .hierarchy(_, let t, _): t
            }
        if let t {
            firstT = firstT.map { min($0, t) } ?? t
            lastT = lastT.map { max($0, t) } ?? t
        }
    }
}

/// A bounded FIFO between the main thread and the writer.
///
/// Past `capacity` items it makes room by dropping the oldest `moved` touch; when none is left it accepts up to
/// `hardCapacity` (ends of touches, observations and hierarchy changes matter more than memory), and beyond that
/// drops what comes. Every drop is counted for the recording. Removing from the middle shifts the items after it,
/// which only happens while the writer is behind.
struct RecordRing {
    let capacity: Int
    let hardCapacity: Int
    private var slots: [PendingItem?]
    private var head = 0
    private(set) var count = 0
    private(set) var dropped = DropCount()

    init(capacity: Int, hardCapacity: Int? = nil) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.hardCapacity = max(capacity, hardCapacity ?? capacity * 2)
        slots = Array(repeating: nil, count: self.hardCapacity)
    }

    mutating func push(_ item: PendingItem) {
        if count >= capacity {
            if let oldest = firstMovedOffset() {
                remove(at: oldest)
            } else if item.isMovedTouch {
                dropped.count(item, moved: true)
                return
            } else if count >= hardCapacity {
                dropped.count(item, moved: false)
                return
            }
        }
        slots[(head + count) % slots.count] = item
        count += 1
    }

    /// Takes every item, oldest first, and what was dropped since the last call.
    mutating func takeAll() -> (items: [PendingItem], dropped: DropCount) {
        var items: [PendingItem] = []
        items.reserveCapacity(count)
        for offset in 0..<count {
            let index = (head + offset) % slots.count
            items.append(slots[index]!)
            slots[index] = nil
        }
        head = 0
        count = 0
        defer { dropped = DropCount() }
        return (items, dropped)
    }

    private func firstMovedOffset() -> Int? {
        for offset in 0..<count where slots[(head + offset) % slots.count]!.isMovedTouch { return offset }
        return nil
    }

    private mutating func remove(at offset: Int) {
        let removed = slots[(head + offset) % slots.count]!
        dropped.count(removed, moved: true)
        for k in offset..<(count - 1) {
            slots[(head + k) % slots.count] = slots[(head + k + 1) % slots.count]
        }
        slots[(head + count - 1) % slots.count] = nil
        count -= 1
    }
}
