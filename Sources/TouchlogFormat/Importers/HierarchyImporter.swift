/// Converts one kind of view-hierarchy dump into touchlog/1 records.
///
/// The records are typed (`Record`), built as the dump is read: nothing downstream parses them again. They come out in file order: the `session` header first, then one `snapshot` per dump held in the
/// input, then observations (for example Sentry touch breadcrumbs as `sent` records). Conversion is total:
/// any bytes either convert or throw an ``ImportError`` naming the line; it never traps and runs in time linear
/// in the input, so it is safe on whatever a bug report carries.
///
/// ```swift
/// let records = try RecursiveDescriptionImporter.convert(bytes, sourceName: "ticket-812.txt", warn: { _ in })
/// var jsonl: [UInt8] = []
/// for record in records { record.writeLine(into: &jsonl) }
/// ```
public protocol HierarchyImporter {
    /// The format this importer reads.
    static var format: ImportFormat { get }
    /// The touchlog/1 records for `bytes`; `sourceName` is recorded in the header (`source.file`). `warn` hears what
    /// the input lacked although it imported (``ImportWarning``), in input order.
    static func convert(_ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void) throws(ImportError)
        -> [Record]
}

/// An importer of a JSON format, which detection asks whether an input is its format by the input's shape (its
/// top-level values' kinds and member names), never by where a key happens to fall in the bytes.
///
/// Claim what the format's writer produces and nothing wider: a touchlog/1 recording that lost its header, or
/// another tool's JSON, must stay unclaimed so that ingest can say what it is instead.
protocol JSONDocumentImporter: HierarchyImporter {
    /// Whether an input of this shape is this importer's format.
    static func claims(_ shape: JSONDocumentShape) -> Bool
}

/// An importer of a touch stream: input with touches (or keys) and no views, joined to a view hierarchy captured
/// with it (`touchlog ingest STREAM --hierarchy DUMP`). The one way ingest joins a stream to a dump.
public protocol TouchStreamImporter: HierarchyImporter {
    /// The stream in `bytes` joined to `hierarchy`, the records another importer made of the dump.
    static func convert(
        _ bytes: [UInt8], sourceName: String, joining hierarchy: [Record], warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record]
}
