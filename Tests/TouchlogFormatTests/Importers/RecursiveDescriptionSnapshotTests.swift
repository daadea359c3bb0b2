import Testing

@testable import TouchlogFormat

/// Where a recursiveDescription paste splits into snapshots, and where its parentless views go.
@Suite struct RecursiveDescriptionSnapshotTests {
    static func outline(_ text: String) throws -> String {
        ImportExpectation.outline(try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: ""))
    }

    @Test func aRootPrintedAgainStartsTheNextDump() throws {
        let text = """
            <UIWindow: 0x1; frame = (0 0; 10 10)>
            <UITextEffectsWindow: 0x2; frame = (0 0; 10 10)>
            <UIWindow: 0x1; frame = (0 0; 10 10); hidden = YES>
            """
        #expect(
            try Self.outline(text) == """
                session from recursiveDescription
                snapshot t=0
                  UIWindow#0x1 0 0 10 10
                  UITextEffectsWindow#0x2 0 0 10 10
                snapshot t=1
                  UIWindow#0x1 0 0 10 10 hidden

                """)
    }

    @Test func dumpsOfOtherScreensAreSessionsOfTheirOwnNamedAfterTheFirst() throws {
        let text = """
            == iOS 17 ==
            <UIWindow: 0x1; frame = (0 0; 10 10)>
            == iOS 18 ==
            <UIWindow: 0x2; frame = (0 0; 20 20)>

            <UIWindow: 0x3; frame = (0 0; 30 30)>
            """
        let records = try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "")
        let headers = records.compactMap { record -> SessionHeader? in
            if case .session(let header) = record { header } else { nil }
        }
        #expect(headers.count == 3)
        let base = try #require(headers.first?.session)
        #expect(headers.map(\.session) == [base, base + "-2", base + "-3"])
        #expect(headers.map { $0.json["source"]?["dump"] } == [1, 2, 3])
        #expect(headers.allSatisfy { $0.json["source"]?["dumps"] == 3 })
        // One dump alone is one session with the file's digest and no dump numbers.
        let one = try ImportFormat.recursiveDescription.convert(
            Array("<UIWindow: 0x1; frame = (0 0; 10 10)>".utf8), sourceName: "")
        #expect(one.filter { $0.kind == .session }.count == 1)
        #expect(one.first?["source"]?["dump"] == nil)
    }

    /// A subtree the author copied out of a bar-marked dump and pasted after a fence, its root behind a tab and its
    /// children still deep in bars: its root has no bar, so it is a root of its own, never a child of the dump before.
    @Test func aCopiedSubtreeAfterAFenceIsADumpOfItsOwn() throws {
        let text = """
            <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x11>>
               | <UITableView: 0x2; frame = (0 0; 320 480); layer = <CALayer: 0x12>>
               |    | <UITableViewCell: 0x3; frame = (0 0; 320 44); layer = <CALayer: 0x13>>
            ```
            and the cell that does not respond:
            ```
            \t<UITableViewCell: 0x4; frame = (0 821; 320 102); layer = <CALayer: 0x14>>
            \t   |    |    |    | <UITableViewCellContentView: 0x5; frame = (0 0; 320 102); layer = <CALayer: 0x15>>
            \t   |    |    |    |    | <UIButton: 0x6; frame = (3 1; 40 40); layer = <CALayer: 0x16>>
            ```
            """
        let records = try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "")
        var roots: [[String]] = []
        for case .snapshot(let snapshot) in records {
            roots.append(snapshot.hierarchy.windows.map(\.view.className))
        }
        #expect(roots == [["UIWindow"], ["UIWindow"]])
        #expect(ImportFormat.viewCount(records) == 3 + 4)  // the second dump's three views in a synthetic window
    }

    @Test func stampedDumpsOfOneProcessStayOneSessionOverTime() throws {
        let text = """
            2024-03-05 10:15:02.125 Shop[4242:91823] <UIWindow: 0x1; frame = (0 0; 10 10)>
            2024-03-05 10:15:04.600 Shop[4242:91823] after login:
            2024-03-05 10:15:04.625 Shop[4242:91823] <UIWindow: 0x2; frame = (0 0; 10 10)>
            """
        #expect(
            try Self.outline(text) == """
                session from recursiveDescription
                snapshot t=0
                  UIWindow#0x1 0 0 10 10
                snapshot t=2.5
                  UIWindow#0x2 0 0 10 10

                """)
    }

    @Test func parentlessViewsShareOneWindowBesideTheRealOnes() throws {
        let text = """
            <UIWindow: 0x1; frame = (0 0; 10 10)>
              <UIView: 0x2; frame = (0 0; 5 5)>
            <UIView: 0x3; frame = (-4 2; 30 8)>
            <UIView: 0x4; frame = (1 1; 2 40)>
            """
        #expect(
            try Self.outline(text) == """
                session from recursiveDescription
                snapshot t=0
                  UIWindow#0x1 0 0 10 10
                    UIView#0x2 0 0 5 5
                  UIWindow#synthetic-window 0 0 26 41
                    UIView#0x3 -4 2 30 8
                    UIView#0x4 1 1 2 40

                """)
    }
}
