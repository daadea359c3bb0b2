/// Where a CI format points a problem or a session it could not analyse: the recording's path (``path(of:basePath:)``),
/// and the file lines of the records a finding cites (a session's header line for a session not analysed). SARIF,
/// JUnit and the text format compute the same lines with ``SessionRef/fileLine(ofSeq:)``.
struct RecordingLocation: Hashable {
    /// The recording's path (``path(of:basePath:)``), nil when not known.
    var path: String?
    /// The file line of the first record cited, nil when not known: the records of an imported dump are made
    /// from the whole file, so they have no line of their own.
    var line: Int?
    /// The file line of the last record cited, when it is after ``line``.
    var endLine: Int?

    /// The records a finding cites, from its first to its last.
    init(_ finding: Finding, basePath: String?) {
        path = Self.path(of: finding.session, basePath: basePath)
        line = finding.records.first.flatMap(finding.session.fileLine(ofSeq:))
        if let line, let last = finding.records.last.flatMap(finding.session.fileLine(ofSeq:)), last > line {
            endLine = last
        } else {
            endLine = nil
        }
    }

    /// A session's header: what a session the report could not analyse points at.
    init(header session: SessionRef, basePath: String?) {
        path = Self.path(of: session, basePath: basePath)
        line = session.fileLine(ofSeq: 1)
        endLine = nil
    }

    /// The recording's path as a CI format prints it. With a base folder (`--base-path`, else the folder the report
    /// runs in), the absolute path ingest stored, relative to that folder when the recording is inside it (what CI
    /// services and editors resolve against the checkout), absolute otherwise: it then resolves from anywhere, even
    /// when ingest ran in another folder or another step of the job. Without a base, or for a session whose absolute
    /// path is not known (standard input, stored before touchlog kept it), the path as given to `touchlog ingest`.
    static func path(of session: SessionRef, basePath: String?) -> String? {
        guard let basePath, let absolute = session.sourcePath else { return session.source }
        let folder = basePath.hasSuffix("/") ? basePath : basePath + "/"
        return absolute.hasPrefix(folder) ? String(absolute.dropFirst(folder.count)) : absolute
    }

    /// The path relative to the repository as CI services resolve it: GitHub and GitLab match a path to a file of
    /// the repository only without a leading `./` (GitLab's Code Quality format says so).
    var repositoryPath: String? {
        guard var path else { return nil }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// The line for formats that cannot leave it out (Xcode's `FILE:LINE:COLUMN`, GitLab's `lines.begin`): 1,
    /// where an imported dump starts, when the records have no line of their own.
    var lineOrFirst: Int { line ?? 1 }
}
