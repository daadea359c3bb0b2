import TouchlogFormat
import TouchlogStore

/// What `touchlog vacuum` did to the database's size, as text and JSON.
enum VacuumFormatter {
    /// "vacuumed PATH: 12.4 MiB before, 3.1 MiB after, 9.3 MiB reclaimed".
    static func text(_ result: VacuumResult, path: String) -> String {
        "vacuumed \(path): \(bytes(result.bytesBefore)) before, \(bytes(result.bytesAfter)) after, "
            + "\(bytes(result.bytesReclaimed)) reclaimed\n"
    }

    /// `{"bytesBefore", "bytesAfter", "bytesReclaimed"}`: exact byte counts, for scripts that keep a record.
    static func json(_ result: VacuumResult) -> String {
        let object: JSONValue = [
            "bytesBefore": .number(Double(result.bytesBefore)),
            "bytesAfter": .number(Double(result.bytesAfter)),
            "bytesReclaimed": .number(Double(result.bytesReclaimed)),
        ]
        return object.serialized() + "\n"
    }

    /// Bytes in the largest unit that keeps a whole number in front: "812 bytes", "40.0 KiB", "12.4 MiB", "1.2 GiB":
    /// units of 1,024, named as such (182,751,365 bytes are 174.3 MiB, or 182.8 MB), as ingest's progress counts.
    static func bytes(_ count: Int64) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard count >= 1024 else { return counted(count, "byte") }
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = (value * 10).rounded() / 10
        return "\(tenths) \(units[unit])"
    }
}
