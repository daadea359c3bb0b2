extension ImportFormat {
    /// The dump as typed records, in the order a recording would hold them (header first, `seq` from 1): a
    /// ``SessionRecords`` source that replay and the report read without a database.
    ///
    /// ```swift
    /// let records = try ImportFormat.sentry.records(bytes, sourceName: "view-hierarchy.json")
    /// ```
    public func records(_ bytes: [UInt8], sourceName: String) throws -> [SessionRecord] {
        var records: [SessionRecord] = []
        for (index, value) in try convert(bytes, sourceName: sourceName).enumerated() {
            guard let object = value.objectValue else {
                throw RecordDecodingError(seq: index + 1, "the importer made \(value.typeDescription), not a record")
            }
            do {
                records.append(SessionRecord(seq: index + 1, record: try Record(decoding: object)))
            } catch {
                throw RecordDecodingError(seq: index + 1, error.message)
            }
        }
        return records
    }
}
