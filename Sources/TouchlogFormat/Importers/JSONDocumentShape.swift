/// What detection decides a JSON input by: the shape of its top-level values (their kind and member names), read
/// from the whole input, never from a prefix. A Sentry crash report names its distinctive keys after hundreds of
/// kilobytes of binary images; a session-replay stream is an array of rrweb events.
///
/// Each JSON importer says which shapes it claims (`claims(_:)`); ``ImportFormat/detect(_:)`` asks them in turn.
struct JSONDocumentShape: Equatable, Sendable {
    struct Value: Equatable, Sendable {
        /// The value is an array (else an object; other top-level values are not recorded).
        var isArray: Bool
        /// An object's member names; for an array, the member names of its object elements (the first 16).
        var keys: Set<String>
    }

    /// The top-level values in input order: one for a document, several for a Sentry envelope or JSON Lines.
    var values: [Value]
}
