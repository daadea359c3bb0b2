import Foundation
import Testing

@testable import TouchlogFormat

/// The import samples in sample-logs/ are detected as their format and carry the defect each one shows.
@Suite struct SampleImportTests {
    static let sampleLogs = ImporterFixtures.directory
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("sample-logs")

    static func records(_ name: String, _ format: ImportFormat) throws -> [Record] {
        let bytes = try [UInt8](Data(contentsOf: sampleLogs.appendingPathComponent(name)))
        #expect(ImportFormat.detect(bytes) == format)
        return try format.convert(bytes, sourceName: name)
    }

    /// Every View in the first snapshot, depth first.
    static func views(_ records: [Record]) -> [JSONValue] { views(records.map { .object($0.jsonObject) }) }

    static func views(_ records: [JSONValue]) -> [JSONValue] {
        var result: [JSONValue] = []
        var stack = (records.first { $0["type"] == "snapshot" }?["windows"]?.arrayValue ?? [])
            .reversed().map { $0 }
        while let view = stack.popLast() {
            result.append(view)
            stack += (view["subviews"]?.arrayValue ?? []).reversed()
        }
        return result
    }

    @Test func recursiveDescriptionSampleShowsAHiddenFieldAndAnOverlayOverPay() throws {
        let views = Self.views(
            try Self.records("import-recursive-description.txt", .recursiveDescription))
        let promo = views.first { $0["id"] == "0x10a510000" }
        #expect(promo?["baseClass"] == "UITextField")
        #expect(promo?["isHidden"] == true)
        let overlay = views.first { $0["class"] == "Shop.SpinnerOverlay" }
        #expect(overlay?["alpha"] == 0.02)
        #expect(overlay?["frame"] == [0, 560, 390, 160])
        #expect(views.first { $0["class"] == "_UIBarBackground" }?["subviewsTruncated"] == true)
    }

    @Test func sentrySampleHasAButtonOutsideItsBar() throws {
        let records = try Self.records("import-sentry-view-hierarchy.json", .sentry)
        let views = Self.views(records)
        #expect(
            views.first { $0["accessibilityIdentifier"] == "share" }?["frame"] == [349, 52, 32, 32])
        #expect(
            views.first { $0["accessibilityIdentifier"] == "formatting-bar" }?["frame"] == [
                0, 703, 393, 44,
            ])
        #expect(records[1]["controllers"]?.arrayValue?.first?["class"] == "Notes.EditorViewController")
    }

    @Test func xcuitestSampleHasAFocusedFieldAndPayUnderTheKeyboard() throws {
        let records = try Self.records("import-xcuitest-tree.txt", .xcuitest)
        #expect(records[0]["app"]?["id"] == "com.example.shop")
        let views = Self.views(records)
        #expect(
            views.first { $0["accessibilityIdentifier"] == "promo-code" }?["isFirstResponder"] == true)
        #expect(views.first { $0["accessibilityIdentifier"] == "apply-promo" }?["isEnabled"] == false)
        // Keyboard focus implies the key window: the app window holding the focused field is key, the keyboard's
        // window is not, so a replay of the dump has the field as its first responder.
        let windows = records.first { $0["type"] == "snapshot" }?["windows"]?.arrayValue ?? []
        let keyWindows = windows.filter { $0["isKeyWindow"] == true }
        #expect(keyWindows.count == 1)
        #expect(
            Self.views([["type": "snapshot", "windows": .array(keyWindows)]]).contains {
                $0["accessibilityIdentifier"] == "promo-code"
            })
        // Screen (20, 690) inside a scroll view at (0, 103): superview coordinates (20, 587).
        #expect(views.first { $0["accessibilityIdentifier"] == "pay" }?["frame"] == [20, 587, 353, 50])
        #expect(
            views.first { $0["class"] == "UIView" && $0["imported"]?["elementType"] == "Keyboard" }?[
                "frame"]
                == [0, 516, 393, 336])
    }
}
