import Testing

@testable import TouchlogFormat

/// What lldb and consoles print before a description: set aside when touchlog knows it, and never lost silently when
/// it does not (a lost root leaves its subviews under a synthetic window, which imports wrong without a word).
@Suite struct RecursiveDescriptionPrefixTests {
    static func convert(_ text: String) throws -> (outline: String, warnings: [ImportWarning]) {
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "") {
            warnings.append($0)
        }
        return (ImportExpectation.outline(records), warnings)
    }

    @Test(arguments: [
        "$3 = 0x07117ac0 <UIView: 0x1; frame = (5 6; 10 10)>",
        "(UIView *) $1 = 0x00007fb1c2d0a2b0 <UIView: 0x1; frame = (5 6; 10 10)>",
        "$R0 = <UIView: 0x1; frame = (5 6; 10 10)>",
    ])
    func lldbResultPrefixesAreSetAside(_ root: String) throws {
        let (outline, warnings) = try Self.convert(root + "\n   | <UILabel: 0x2; frame = (1 2; 3 4)>")
        #expect(
            outline == """
                session from recursiveDescription
                snapshot t=0
                  UIWindow#synthetic-window 0 0 15 16
                    UIView#0x1 5 6 10 10
                      UILabel#0x2 1 2 3 4

                """)
        #expect(warnings.isEmpty)
    }

    @Test func aResultThatIsNoDescriptionStaysText() {
        #expect(RecursiveDescriptionLine.resultPrefixLength(Array("$3 = 5".utf8)) == nil)
        #expect(RecursiveDescriptionLine.resultPrefixLength(Array("$ = 0x1 <UIView".utf8)) == nil)
        #expect(RecursiveDescriptionLine.resultPrefixLength(Array("$12 = 0xab <UIView".utf8)) == 11)
    }

    @Test func aViewBehindUnknownTextIsWarnedAboutWithItsLine() throws {
        let text = """
            (lldb) po view
            [Shop] result: <UIView: 0x1; frame = (5 6; 10 10)>
               | <UILabel: 0x2; frame = (1 2; 3 4)>
            """
        let (_, warnings) = try Self.convert(text)
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 2)
        #expect(warnings.first?.message.contains("'[Shop] result:'") == true)
    }
}
