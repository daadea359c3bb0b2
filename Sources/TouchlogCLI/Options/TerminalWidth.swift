import Foundation

/// How wide the text report's lines may be: the terminal's width when standard output is a terminal, and no
/// limit otherwise, so that a pipe or a file gets the same lines whoever ran the command and in whatever window.
enum TerminalWidth {
    /// Columns for standard output, or nil when it is not a terminal.
    static var standardOutput: Int? {
        width(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment) {
            reportedColumns()
        }
    }

    /// On a terminal: `COLUMNS` when it is a positive number (the user's preference, as environ(7) says and as
    /// `--help` reads it), else the width the terminal reports, else 80. Not on a terminal: nil, whatever
    /// `COLUMNS` says (shells set it for themselves, not for what reads the pipe).
    static func width(isTerminal: Bool, environment: [String: String], reported: () -> Int?) -> Int? {
        guard isTerminal else { return nil }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return reported() ?? 80
    }

    /// The width the terminal on standard output reports (TIOCGWINSZ), when it reports one.
    private static func reportedColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
