extension ImportFormat {
    /// The dump as typed records, in the order a recording would hold them (header first, `seq` from 1): a
    /// ``SessionRecords`` source that replay and the report read without a database. The importer built them
    /// typed, so they are numbered, not decoded. A recursiveDescription file of several unrelated dumps holds several
    /// sessions in a row: a reader of one session takes the records up to the second header.
    ///
    /// ```swift
    /// let records = try ImportFormat.sentry.records(bytes, sourceName: "view-hierarchy.json")
    /// ```
    public func records(_ bytes: [UInt8], sourceName: String) throws(ImportError) -> [SessionRecord] {
        try convert(bytes, sourceName: sourceName).enumerated().map {
            SessionRecord(seq: $0.offset + 1, record: $0.element)
        }
    }
}
