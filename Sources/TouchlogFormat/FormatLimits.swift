/// How deep touchlog/1 records may nest, and how long a line may be, defined once.
///
/// Every reader of records takes its limit from here (the JSON reader's default, each importer, the hierarchy an
/// importer builds), so whatever one step accepts the next accepts too: a dump an importer reads always converts to
/// records that ingest reads back. The view depth is the limit people meet; the JSON limit follows from it.
///
/// ```swift
/// FormatLimits.maximumViewDepth   // 250 levels of views, the window being the first
/// JSONReader.defaultDepthLimit    // FormatLimits.maximumJSONDepth
/// ```
public enum FormatLimits {
    /// Views nest at most this many levels, the window being the first. Deep SwiftUI hierarchies reach 150 levels and
    /// more; deeper than this is a corrupt dump or a hostile one, and refusing it bounds every walk over the tree.
    public static let maximumViewDepth = 250

    /// JSON nests at most this deep in one record. Each view level costs two JSON levels (its object and its parent's
    /// `subviews` array; the record and its `windows` array hold the first window), so the deepest view's object sits
    /// at level 2 × ``maximumViewDepth`` + 1. Then 4 for that view's own containers (`gestureRecognizers`, a
    /// recognizer, its `actions`, an action) and 2 for the window an importer wraps around a root that is not one.
    public static let maximumJSONDepth = 2 * maximumViewDepth + 1 + 4 + 2

    /// A line (one record) takes at most this many bytes, newline included: 64 MiB, hundreds of times the largest
    /// snapshot of a real app. The line reader holds no more of any line, whatever the input (a longer line is read
    /// past: the zero-filled tail of a preallocated file a crash cut is kept aside like any cut last line).
    public static let maximumLineBytes = 64 << 20

    /// The stack for a thread that reads records, in bytes. Importing, reading, validating and redacting a record
    /// each recurse once or twice per JSON level: at ``maximumJSONDepth`` that took about 400 KiB in a release build
    /// and 2 MiB in a debug one (Linux x86-64), against the 512 KiB a secondary thread gets by default on macOS. So
    /// such threads ask for this much, the main thread's usual stack.
    public static let readerStackSize = 8 << 20
}
