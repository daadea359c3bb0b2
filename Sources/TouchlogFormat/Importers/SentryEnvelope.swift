/// Sentry envelopes as the Sentry and session-replay importers read them: a header line, then items, each an item
/// header (a `type`, a `length`, …) on its own line followed by its payload. A payload is JSON for events, view
/// hierarchies and replay recordings, but binary for screenshots and replay video, so those are stepped over by
/// their length.
enum SentryEnvelope {
    /// The members an item header may have; events have many more, which tells the two apart.
    static let itemHeaderKeys: Set<String> = [
        "type", "length", "filename", "content_type", "attachment_type", "item_count", "platform",
    ]

    /// An envelope item header: a `type` and nothing but header fields.
    static func isItemHeader(_ value: LocatedJSON) -> Bool {
        guard let members = value.members, value["type"]?.string != nil else { return false }
        return members.allSatisfy { itemHeaderKeys.contains($0.key) }
    }

    /// What follows `value` in an envelope for an importer that reads items of `jsonItemTypes` (and JSON
    /// attachments, the view hierarchy among them) and skips every other payload.
    static func continuation(after value: LocatedJSON, jsonItemTypes: Set<String>) -> JSONReader.Continuation {
        guard isItemHeader(value) else { return .value }
        let isJSON =
            jsonItemTypes.contains(value["type"]?.string ?? "")
            || value["attachment_type"]?.string == "event.view_hierarchy"
            || value["content_type"]?.string == "application/json"
            || (value["filename"]?.string ?? "").hasSuffix(".json")
        if isJSON { return .value }
        if let length = value["length"]?.number, length >= 0, length < 1e15 { return .payload(byteCount: Int(length)) }
        return .payloadLine
    }

    /// Every JSON value of `bytes` in turn, with its position, read as the importers read JSON (cut containers kept,
    /// invalid UTF-8 repaired) and stepping over the payloads of items not in `jsonItemTypes`; a syntax error is
    /// `format`'s, with `hint`.
    static func values(
        _ bytes: [UInt8], readingItems jsonItemTypes: Set<String>, format: ImportFormat, hint: String
    ) throws(ImportError) -> [LocatedJSON] {
        do {
            return try JSONReader.readLocatedSequence(
                bytes, depthLimit: ImportRecords.jsonDepthLimit, options: [.keepsCutContainers, .repairsInvalidUTF8],
                after: { continuation(after: $0, jsonItemTypes: jsonItemTypes) })
        } catch {
            throw ImportError(json: error, in: bytes, format: format, hint: hint)
        }
    }
}
