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
