// libFuzzer harness for the importers. Not a SwiftPM target: Tests/Fuzz/run-fuzzers.sh compiles it with the
// importer sources into one module, with -D FUZZ_SENTRY / -D FUZZ_XCUITEST / -D FUZZ_RRWEB / -D FUZZ_APPIUM / -D FUZZ_EARLGREY / -D FUZZ_IDB
// / -D FUZZ_MAESTRO / -D FUZZ_XCTESTLOG choosing the importer (default: recursiveDescription). An XCTest activity log
// imports only joined to a hierarchy: it is fuzzed joined to a fixed XCUITest tree.
//
// Detection and the near-miss description run on every input too. Besides "no crash, no hang", every input checks
// what the importers promise: the result is a session header followed by snapshots whose view ids are unique, the
// output is never mistaken for a dump, a second conversion gives the same records, and an error or warning names a
// line that exists.

#if FUZZ_SENTRY
    let fuzzedFormat = ImportFormat.sentry
#elseif FUZZ_XCUITEST
    let fuzzedFormat = ImportFormat.xcuitest
#elseif FUZZ_RRWEB
    let fuzzedFormat = ImportFormat.rrweb
#elseif FUZZ_APPIUM
    let fuzzedFormat = ImportFormat.appium
#elseif FUZZ_EARLGREY
    let fuzzedFormat = ImportFormat.earlgrey
#elseif FUZZ_IDB
    let fuzzedFormat = ImportFormat.idb
#elseif FUZZ_MAESTRO
    let fuzzedFormat = ImportFormat.maestro
#elseif FUZZ_XCTESTLOG
    let fuzzedFormat = ImportFormat.xctestLog
#else
    let fuzzedFormat = ImportFormat.recursiveDescription
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes: [UInt8] =
        if let data, size > 0 { Array(UnsafeBufferPointer(start: data, count: size)) } else { [] }
    _ = ImportFormat.detect(bytes)
    // What ingest says of an input no importer claims reads the same bytes: it must hold up on anything too.
    _ = NearMiss(bytes)
    let typed: [Record]
    let lineCount = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    var warnings: [ImportWarning] = []
    do {
        typed = try convert(bytes) { warnings.append($0) }
    } catch {
        precondition(
            error.line >= 1 && error.line <= lineCount, "error names line \(error.line) of \(lineCount)")
        precondition(!error.reason.isEmpty, "error without a reason")
        return 0
    }
    for warning in warnings {
        precondition(
            warning.line >= 1 && warning.line <= lineCount, "warning names line \(warning.line) of \(lineCount)")
        precondition(!warning.message.isEmpty, "warning without a message")
    }
    // The records as the lines ingest stores, written by the schema's encoder.
    let records = typed.map { JSONValue.object($0.jsonObject) }
    precondition(records.first?["type"] == "session", "first record is not a session header")
    precondition(records.first?["format"] == "touchlog/1", "header format is not touchlog/1")
    var lastT = -Double.infinity
    for record in records.dropFirst() {
        // A file of several unrelated dumps is several sessions in a row: each header starts its own timeline.
        if record["type"] == "session" {
            precondition(record["format"] == "touchlog/1", "header format is not touchlog/1")
            lastT = -Double.infinity
            continue
        }
        guard let t = record["t"]?.doubleValue, t.isFinite, t >= lastT else {
            preconditionFailure(
                "record without a finite non-decreasing t: \(record.serialized().prefix(200))")
        }
        lastT = t
        if record["type"] == "snapshot" {
            var ids: Set<String> = []
            for window in record["windows"]?.arrayValue ?? [] { collectIDs(window, into: &ids, depth: 0) }
        }
    }
    let jsonl = records.map { $0.serialized() }.joined(separator: "\n")
    precondition(ImportFormat.detect(Array(jsonl.utf8)) == nil, "converted output detected as a dump")
    let again = try? convert(bytes) { _ in }
    precondition(again == typed, "a second conversion gave other records")
    return 0
}

/// A tree of the screens the XCTest log fixtures tap, for the activity logs to be placed in.
private let joinedHierarchy: [Record] = {
    let tree = """
        Element subtree:
         →Application, 0x1, pid: 1, label: 'Shop'
            Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
              TextField, 0x3, {{24.0, 180.0}, {342.0, 44.0}}, identifier: 'email'
              Button, 0x4, {{24.0, 350.0}, {342.0, 50.0}}, identifier: 'signIn', label: 'Sign In'
              Button, 0x5, {{24.0, 410.0}, {342.0, 50.0}}, label: 'Cancel'
              Button, 0x6, {{24.0, 470.0}, {342.0, 50.0}}, label: 'Cancel'
        """
    return (try? ImportFormat.xcuitest.convert(Array(tree.utf8), sourceName: "")) ?? []
}()

/// The fuzzed importer's records: joined to ``joinedHierarchy`` for a format that imports only joined to one.
private func convert(_ bytes: [UInt8], warn: (ImportWarning) -> Void) throws(ImportError) -> [Record] {
    if fuzzedFormat == .xctestLog, let stream = fuzzedFormat.touchStreamImporter {
        return try stream.convert(bytes, sourceName: "fuzz", joining: joinedHierarchy, warn: warn)
    }
    return try fuzzedFormat.convert(bytes, sourceName: "fuzz", warn: warn)
}

private func collectIDs(_ view: JSONValue, into ids: inout Set<String>, depth: Int) {
    precondition(depth <= 1000, "views nest too deep")
    guard let id = view["id"]?.stringValue else { preconditionFailure("a view without an id") }
    precondition(view["class"]?.stringValue != nil, "view \(id) has no class")
    precondition(view["frame"] != nil, "view \(id) has no frame")
    if let frame = view["frame"]?.arrayValue {
        precondition(
            frame.count == 4 && frame.allSatisfy { $0.doubleValue?.isFinite == true }, "view \(id) frame")
    }
    precondition(ids.insert(id).inserted, "duplicate view id \(id)")
    for child in view["subviews"]?.arrayValue ?? [] {
        collectIDs(child, into: &ids, depth: depth + 1)
    }
}
