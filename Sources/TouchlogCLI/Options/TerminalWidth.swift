import Foundation

/// How wide text output's lines may be (the text report, the sessions table, the replay timeline, show): the
/// terminal's width on a terminal; off a terminal, `COLUMNS` when it is set, so that `COLUMNS=100 touchlog report
/// | less` fits (issue 27, item 6); else no limit, so that a pipe or a file gets the same whole lines whoever ran
/// the command and in whatever window.
enum TerminalWidth {
    /// Columns for standard output, or nil for whole lines.
    static var standardOutput: Int? {
        width(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment) {
            reportedColumns()
        }
    }

    /// `COLUMNS` when it is a positive number (the user's preference, as environ(7) says and as `--help` reads it);
    /// else, on a terminal, the width the terminal reports, else 80; off a terminal, nil. Shells keep `COLUMNS` as
    /// their own variable and do not export it, so a pipe or a file gets it only when someone set it on purpose.
    static func width(isTerminal: Bool, environment: [String: String], reported: () -> Int?) -> Int? {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        guard isTerminal else { return nil }
        return reported() ?? 80
    }

    /// The width the terminal on standard output reports (TIOCGWINSZ), when it reports one.
    private static func reportedColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
