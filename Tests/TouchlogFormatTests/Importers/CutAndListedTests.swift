import Testing

@testable import TouchlogFormat

/// Pastes cut inside their first element, and printouts of objects beside a dump: refused saying they are cut, or
/// left out in one warning, never read as an empty screen or as views of their own.
@Suite struct CutAndListedTests {
    @Test func anIDBOutputCutInsideItsFirstElementIsRefusedAsCutOffNotAsAnEmptyScreen() {
        let text = """
            [
              {
                "AXFrame" : "{{0, 0}, {390, 844}}",
                "type" : "Application",
                "children" : [
                  {
                    "AXFrame" : "{{0, 32}, {390, 166}}",
                    "type" : "Group",
                    "help" : null,
            """
        #expect {
            try ImportFormat.idb.convert(Array(text.utf8), sourceName: "cut.json")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 6 && error.reason.contains("cut off inside its first element")
        }
    }

    @Test func cycriptHelpersBesideADumpAreLeftOutInOneWarning() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.recursiveDescription, "cycript-helpers.txt"))
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.message.hasPrefix("8 line(s) that describe no view left out (line 6, 8, 10, 11") == true)
    }

    @Test func aViewPrintedAloneAndThenDumpedIsOneSnapshot() throws {
        let text = [
            "cy# var top = UIApp.keyWindow.subviews.lastObject",
            #"#"<UITransitionView: 0x11; frame = (0 0; 390 844); layer = <CALayer: 0x12>>""#,
            "cy# [top recursiveDescription].toString()",
            "`<UITransitionView: 0x11; frame = (0 0; 390 844); layer = <CALayer: 0x12>>",
            "   | <UIButton: 0x13; frame = (20 700; 350 50); layer = <CALayer: 0x14>>`",
        ].joined(separator: "\n")
        let records = try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "cy.txt")
        let snapshots = records.filter { if case .snapshot = $0 { true } else { false } }
        #expect(snapshots.count == 1)
        guard case .snapshot(let snapshot) = try #require(snapshots.first) else { return }
        #expect(snapshot.hierarchy.windows.first?.view.subviews.first?.subviews.count == 1)
    }

    @Test func aDumpCutByHandSaysWhereAndWhatWasKept() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.recursiveDescription, "cut-by-hand.txt"))
        #expect(warnings.map(\.line) == [4, 7, 9])
        #expect(warnings[0].message.contains("before its frame: that view is left out"))
        #expect(warnings[1].message.contains("read up to the cut"))
    }
}
