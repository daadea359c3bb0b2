/// What `touchlog vacuum` did to the size of the database.
public struct VacuumResult: Sendable, Hashable {
    /// Bytes on disk before: the database file and its write-ahead log (`-wal`), which after a large ingest can be
    /// as large as the file itself. In memory: pages times page size.
    public var bytesBefore: Int64
    public var bytesAfter: Int64

    public init(bytesBefore: Int64, bytesAfter: Int64) {
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
    }

    /// Bytes given back to the file system (0 when the database grew, which a nearly full one can by a page).
    public var bytesReclaimed: Int64 { max(0, bytesBefore - bytesAfter) }
}
