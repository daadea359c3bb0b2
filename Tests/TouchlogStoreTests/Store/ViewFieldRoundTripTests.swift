import Foundation
import Testing

@testable import TouchlogFormat
@testable import TouchlogStore

/// Every view field of the table (`ViewField`) goes through the whole path with a value that is not its default:
/// typed value → encoder → validator and decoder (ingest) → store → typed value again, in a snapshot and in a `set`
/// record, and the format's JSON Schema and docs describe it. A field added to the table is covered here without
/// a line of this test changing; a field the encoder, decoder, validator or schema misses fails it.
@Suite struct ViewFieldRoundTripTests {
    let folder = TemporaryFolder()

    /// A value of the field's type that differs from every class default, valid for the format.
    static func sample(_ field: ViewField) -> ViewFieldValue {
        switch field.type {
        case .bool: .bool(!(field.defaultValue(for: .view)?.bool ?? false))
        case .number: .number(2000)
        case .opacity: .number(0.5)
        case .count: .count(7)
        case .string: .string("probe \(field.name)")
        // The window: an object every session here declares.
        case .objectID: .string("w1")
        case .rect: .rect(Rect(3, 4, 50, 60))
        case .point: .point(Point(28, 34))
        case .size: .size(Size(393, 2400))
        case .insets: .insets(EdgeInsets(top: 103, left: 0, bottom: 34, right: 0))
        case .touchesShouldCancel: .touchesShouldCancel(.always)
        case .indexPath: .indexPath(ListIndexPath(1, 12))
        case .indexPaths: .indexPaths([ListIndexPath(0, 3), ListIndexPath(2, 0)])
        case .transform: .transform(AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: 1))
        case .selectors: .strings(["copy:"])
        case .controlActions: .actions([ActionSpec(events: ["touchUpInside"], target: nil, action: "save:")])
        case .recognizers: .recognizers([RecognizerSpec(id: "g-\(field.name)", className: "UITapGestureRecognizer")])
        case .keyboardDismissMode: .keyboardDismissMode(.interactiveWithAccessory)
        case .policyNames: .strings([DismissPolicy.dismissOnOutsideTouch.rawValue])
        case .traitNames: .strings(["button", "selected"])
        case .accessibilityElements:
            .accessibilityElements([
                AccessibilityElementSpec(frame: Rect(20, 700, 350, 50), identifier: "cart.checkout", label: "Checkout"),
                AccessibilityElementSpec(frame: Rect(20, 100, 100, 20), traits: ["staticText"]),
            ])
        }
    }

    /// The hierarchy every session starts with: a key window holding the probe view.
    static func hierarchy(probe: ViewSpec) -> HierarchySpec {
        HierarchySpec(windows: [
            WindowSpec(
                view: ViewSpec(id: "w1", className: "UIWindow", frame: Rect(0, 0, 393, 852), subviews: [probe]),
                isKeyWindow: true)
        ])
    }

    static var plainProbe: ViewSpec { ViewSpec(id: "probe", className: "UIView", frame: Rect(10, 10, 100, 100)) }

    /// Writes `records` after a header, ingests them, and returns what the store gives back (header left out).
    func storeAndRead(_ records: [Record], session: String) throws -> [Record] {
        var text = Lines.header(session) + "\n"
        for record in records { record.writeLine(into: &text) }
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(.file(folder.file("\(session).jsonl", text)))
        #expect(report.succeeded, "\(session): \(text)")
        #expect(try database.rejectedLines().isEmpty, "\(session): a line was set aside")
        let info = try database.session(matching: session)
        return try database.records(sessionRowID: info.rowID).dropFirst().map(\.record)
    }

    /// What ingest keeps of a value it must keep private: typed text becomes its length (docs/log-format.md,
    /// Privacy); everything else is kept as written.
    static func stored(_ properties: ViewProperties) -> ViewProperties {
        var kept = properties
        if let text = kept.text {
            kept.text = nil
            kept.textLength = text.utf16.count
        }
        return kept
    }

    @Test(arguments: ViewField.allCases.filter { !$0.isWindowField })
    func aViewFieldInASnapshotComesBackFromTheStore(field: ViewField) throws {
        var probe = Self.plainProbe
        probe.properties[field] = Self.sample(field)
        // A frame undefined by a transform needs a center, as the format says.
        if field == .transform { probe.properties.center = Point(60, 60) }
        #expect(probe.properties[field] == Self.sample(field), "the subscript stores \(field.name)")
        let snapshot = Record.snapshot(SnapshotRecord(t: 0, hierarchy: Self.hierarchy(probe: probe)))
        let back = try storeAndRead([snapshot], session: "snapshot-\(field.name)")
        guard case .snapshot(let read) = try #require(back.first) else {
            Issue.record("not a snapshot: \(back)")
            return
        }
        let readProbe = try #require(read.hierarchy.windows.first?.view.subviews.first)
        #expect(readProbe.properties == Self.stored(probe.properties))
    }

    @Test(arguments: ViewField.allCases)
    func aFieldInASetRecordComesBackFromTheStore(field: ViewField) throws {
        var change = ViewProperties()
        change[field] = Self.sample(field)
        // Window fields change the window; the others the probe.
        let target = field.isWindowField ? "w1" : "probe"
        let set = Record.set(SetRecord(t: 1, view: target, patch: change))
        let snapshot = Record.snapshot(SnapshotRecord(t: 0, hierarchy: Self.hierarchy(probe: Self.plainProbe)))
        let back = try storeAndRead([snapshot, set], session: "set-\(field.name)")
        #expect(back.count == 2)
        guard case .set(let read) = back.last else {
            Issue.record("not a set record: \(back)")
            return
        }
        #expect(read.view == target)
        #expect(read.patch == Self.stored(change))
    }

    /// A window's own fields in a snapshot sit on the window (`WindowSpec`), not on its view's properties.
    @Test func aWindowsOwnFieldsInASnapshotComeBackOnTheWindow() throws {
        var hierarchy = Self.hierarchy(probe: Self.plainProbe)
        hierarchy.windows[0].windowLevel = 2000
        hierarchy.windows[0].policies = [.dismissOnOutsideTouch]
        let back = try storeAndRead([.snapshot(SnapshotRecord(t: 0, hierarchy: hierarchy))], session: "window")
        guard case .snapshot(let read) = try #require(back.first) else { return }
        #expect(read.hierarchy.windows == hierarchy.windows)
        #expect(read.hierarchy.windows[0].view.properties.windowLevel == nil)
    }

    // MARK: the format's JSON Schema and docs

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let schema: JSONValue = {
        let url = root.appendingPathComponent("docs/touchlog-1.schema.json")
        let text = try? String(contentsOf: url, encoding: .utf8)
        return text.flatMap { try? JSONReader.parse($0) } ?? .null
    }()

    /// The schema of every field is the table's: a field added or retyped in one and not the other fails here (the
    /// message gives the schema to paste).
    @Test(arguments: ViewField.allCases)
    func theJSONSchemaDescribesTheFieldAsTheTableDoes(field: ViewField) {
        let definition = field.isWindowField ? "WindowFields" : "ViewFields"
        let described = Self.schema["$defs"]?[definition]?["properties"]?[field.name]
        #expect(
            described == field.jsonSchema,
            """
            docs/touchlog-1.schema.json $defs.\(definition).properties.\(field.name) should be \
            \(field.jsonSchema.serialized())
            """)
        let changeable =
            Self.schema["$defs"]?["SetRecord"]?["anyOf"]?.arrayValue?.compactMap {
                $0["required"]?.arrayValue?.first?.stringValue
            }
            ?? []
        #expect(changeable.contains(field.name), "a set record may change \(field.name)")
    }

    /// The schema names no view or window field the table does not have (identity and tree members aside).
    @Test func theJSONSchemaHasNoFieldTheTableLacks() {
        let identity: Set = ["id", "class", "baseClass", "subviews"]
        let known = Set(ViewField.allCases.map(\.name))
        for definition in ["ViewFields", "WindowFields"] {
            let names = Self.schema["$defs"]?[definition]?["properties"]?.objectValue?.members.map(\.key) ?? []
            #expect(!names.isEmpty)
            #expect(Set(names).subtracting(identity).subtracting(known).isEmpty, "\(definition): \(names)")
        }
    }

    /// docs/log-format.md documents every field in its View or Window table.
    @Test(arguments: ViewField.allCases)
    func theFormatDocumentsTheField(field: ViewField) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/log-format.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.contains { $0.contains("`\(field.name)`") }, "docs/log-format.md has no row for \(field.name)")
    }
}
