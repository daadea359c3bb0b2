import TouchlogFormat
import TouchlogStore

/// What `touchlog vacuum` did to the database's size, as text and JSON.
enum VacuumFormatter {
    /// "vacuumed PATH: 12.4 MB before, 3.1 MB after, 9.3 MB reclaimed".
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

    /// Bytes in the largest unit that keeps a whole number in front: "812 bytes", "40.0 KB", "12.4 MB", "1.2 GB"
    /// (units of 1,024, as ingest's progress counts megabytes).
    static func bytes(_ count: Int64) -> String {
        let units = ["KB", "MB", "GB", "TB"]
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
