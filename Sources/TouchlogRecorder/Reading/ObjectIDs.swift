/// Gives each object of the app a session id, and keeps it for as long as the object lives.
///
/// An id is the class's last name component and a counter (`LoginField#4`): readable in reports, unique for the
/// session (the counter never repeats, so an address reused by a new object gets a new id), and the same from run to
/// run, which golden recordings rely on. Entries hold the object weakly, so the table never keeps a view alive.
/// Main thread only.
public struct ObjectIDs {
    private final class Entry {
        weak var object: AnyObject?
        let id: String
        /// The capture that last saw the object in the hierarchy.
        var generation: Int

        init(object: AnyObject, id: String, generation: Int) {
            self.object = object
            self.id = id
            self.generation = generation
        }
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var counter = 0
    /// Entries left when the table was last swept of dead objects; it is swept when it has doubled since.
    private var sweptCount = 64
    /// Bumped by every hierarchy capture: an id is known to the recording when the latest capture saw it.
    public private(set) var generation = 0

    public init() {}

    /// The object's id, made on first sight from `className`.
    public mutating func id(of object: AnyObject, className: String) -> String {
        let key = ObjectIdentifier(object)
        if let entry = entries[key], entry.object === object { return entry.id }
        counter += 1
        let name = className.split(separator: ".").last.map(String.init) ?? className
        let id = "\(name)#\(counter)"
        entries[key] = Entry(object: object, id: id, generation: -1)
        if entries.count > 2 * sweptCount { sweep() }
        return id
    }

    /// The object's id when the latest capture saw it in the hierarchy (a record may only name such ids).
    public func knownID(of object: AnyObject) -> String? {
        guard let entry = entries[ObjectIdentifier(object)], entry.object === object, entry.generation == generation
        else { return nil }
        return entry.id
    }

    /// Starts a capture: ids seen from now on are marked as present in it.
    mutating func beginCapture() { generation += 1 }

    /// The id of an object found in the hierarchy during the current capture.
    mutating func captured(_ object: AnyObject, className: String) -> String {
        // One lookup on the common path: an object seen before (entries are references, so marking is in place).
        if let entry = entries[ObjectIdentifier(object)], entry.object === object {
            entry.generation = generation
            return entry.id
        }
        let id = id(of: object, className: className)
        entries[ObjectIdentifier(object)]?.generation = generation
        return id
    }

    /// `captured(_:className:)`, also saying whether the object was seen for the first time (the recorder starts
    /// observing a recognizer then).
    mutating func capturedFirstSight(_ object: AnyObject, className: String) -> (id: String, isNew: Bool) {
        if let entry = entries[ObjectIdentifier(object)], entry.object === object {
            entry.generation = generation
            return (entry.id, false)
        }
        return (captured(object, className: className), true)
    }

    private mutating func sweep() {
        entries = entries.filter { $0.value.object != nil }
        sweptCount = max(64, entries.count)
    }
}
