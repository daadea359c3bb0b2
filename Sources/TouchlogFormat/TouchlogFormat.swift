// The records this module reads, validates and imports are TouchlogSchema's types; re-exported because they are
// the format's vocabulary, so `import TouchlogFormat` is enough to switch over a `Record`.
@_exported import TouchlogSchema
