import Testing

@testable import TouchlogFormat

/// How a diagnostic names its place: as a compiler does, with only the parts it knows.
@Suite struct DiagnosticTests {
    @Test func aDiagnosticGivesTheLineAndColumnItKnows() {
        func text(line: Int, column: Int) -> String {
            Diagnostic(severity: .warning, file: "dump.txt", line: line, column: column, message: "m").description
        }
        #expect(text(line: 13, column: 7) == "dump.txt:13:7: warning: m")
        // A whole line (no column known): no `:0`.
        #expect(text(line: 13, column: 0) == "dump.txt:13: warning: m")
        // The whole file.
        #expect(text(line: 0, column: 0) == "dump.txt: warning: m")
    }
}
