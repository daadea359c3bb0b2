/// `touchlog report --attachments DIR`: for each problem, a picture of the screen at its first finding
/// (`FINGERPRINT.svg`, the HTML report's drawing with its style inside) and a Markdown file to paste into GitHub,
/// Jira or Linear (`FINGERPRINT.md`): a title, the explanation, the picture, what each of its numbers is, the app
/// versions and devices, the steps leading to it from the recording in words, the session and record lines, and
/// the command that makes the replay page to watch it.
///
/// File names are the problem's fingerprint (FNV-1a of its signature, as in JSON, SARIF and GitLab), so the same
/// problem writes the same files in every run, and a tracker's attachment can be replaced in place. The report must
/// carry scenes and timelines (``ReportEngine/Detail``), as for the HTML format.
public enum AttachmentFormatter {
    /// One file to write into the attachments folder.
    public struct Attachment: Sendable, Hashable {
        /// A file name without folder: `FINGERPRINT.svg` or `FINGERPRINT.md`.
        public var name: String
        public var contents: String
    }

    /// Every problem's picture and Markdown, in the report's order.
    public static func attachments(_ report: Report) -> [Attachment] {
        let headings = ProblemText.headings(report)
        var out: [Attachment] = []
        for (group, heading) in zip(report.groups, headings) {
            let first = group.representative
            var picture: String?
            if let scene = first.scene {
                picture = "\(group.fingerprint).svg"
                out.append(Attachment(name: "\(group.fingerprint).svg", contents: svg(scene)))
            }
            out.append(
                Attachment(
                    name: "\(group.fingerprint).md",
                    contents: markdown(report, group, heading: heading, picture: picture)))
        }
        return out
    }

    /// The report's drawing as a file of its own: the style the HTML page gives it, inside it.
    static func svg(_ scene: Scene) -> String {
        let layout = SceneLayout(scene)
        var drawing = SceneSVG.svg(scene, layout: layout, width: 393)
        let rules = HTMLFormatter.style.split(separator: "\n").map { $0.trimmingSpaces }.filter {
            $0.hasPrefix("svg") || $0.hasPrefix(":root") || $0.hasPrefix("--")
        }
        // `:root` is the picture itself in a file of its own; the page's variables continue on a second line.
        let style = rules.joined(separator: "\n").replacingFirst(
            "svg.scene {", with: "svg.scene { font-family: sans-serif; ")
        if let end = drawing.firstIndex(of: ">") {
            drawing.insert(contentsOf: "\n<style>\n\(style)\n</style>", at: drawing.index(after: end))
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + drawing + "\n"
    }

    static func markdown(_ report: Report, _ group: FindingGroup, heading: String, picture: String?) -> String {
        let md = Escape.markdown
        let first = group.representative
        let session = first.session
        var out = "# \(group.severity.rawValue): \(group.ruleID.rawValue)"
        if !heading.isEmpty { out += ", \(md(heading))" }
        out += "\n\n\(md(first.explanation))\n\n"
        if let picture, let scene = first.scene {
            out += "![The screen at \(NumberText.format(scene.t)) s in session \(md(session.id))](\(picture))\n\n"
            let legend = legend(scene)
            if !legend.isEmpty { out += legend.map { "- \($0)" }.joined(separator: "\n") + "\n\n" }
        }
        out += "| | |\n| --- | --- |\n"
        out += "| Rule | `\(group.ruleID.rawValue)` (\(group.severity.rawValue)) |\n"
        out += "| Found | \(md(ProblemText.counts(group)))"
        if let firstSeen = group.firstSeen, let lastSeen = group.lastSeen {
            out +=
                firstSeen == lastSeen
                ? ", seen \(md(firstSeen))" : ", first seen \(md(firstSeen)), last seen \(md(lastSeen))"
        }
        out += " |\n"
        out += "| App versions | \(md(group.appVersions.joined(separator: ", "))) |\n"
        out += "| Devices | \(md(group.devices.joined(separator: ", "))) |\n"
        out += "| Session | \(md(session.id)) |\n"
        var records = "\(NumberText.ranges(first.records)), at \(NumberText.format(first.span.start))"
        if first.span.end > first.span.start { records += "-\(NumberText.format(first.span.end))" }
        records += " s"
        if let source = session.source {
            records += " in \(source)"
            if let line = first.records.first.flatMap(session.fileLine(ofSeq:)) { records += ":\(line)" }
        }
        out += "| Records | \(md(records)) |\n"
        for view in first.views {
            let role = view.role.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "View"
            out += "| \(md(role)) | \(md(view.pathDescription)) |\n"
        }
        out += "| Signature | \(md(group.signature)) |\n"
        out += "| Fingerprint | `\(group.fingerprint)` |\n\n"
        out += "## Steps (from the recording)\n\n"
        let entries = Timeline.around(Timeline.centres(of: first.records), in: report.timelines[session.id] ?? [])
        if entries.isEmpty {
            out += "The recording's records around the finding are not part of this report.\n\n"
        } else {
            let cited = Set(first.records)
            var previous: Int?
            for entry in entries {
                if let previous, entry.seq > previous + 1 { out += "1. …\n" }
                previous = entry.seq
                let text = "\(NumberText.format(entry.t)) s (line \(entry.seq)): \(md(entry.text))"
                out += cited.contains(entry.seq) ? "1. **\(text)**\n" : "1. \(text)\n"
            }
            out += "\nThe records the finding cites are in bold.\n\n"
        }
        out += "## Watch it\n\n"
        out += "Make the session's replay page and open it at the moment:\n\n```sh\n"
        out +=
            "touchlog replay \(shellQuoted(session.id)) --format html > \(ReplayPage.fileName(session: session.id))\n"
        out += "```\n\nthen open `\(ReplayPage.fileName(session: session.id))#t=\(NumberText.format(first.span.start))`"
        out +=
            " in a browser (or `touchlog report --format html --replay-pages DIR`, whose report links every finding).\n"
        if group.findings.count > 1 || group.omittedFindings > 0 {
            out += "\n## Other occurrences\n\n"
            for finding in group.findings.dropFirst() {
                out += "- \(md(ProblemText.occurrence(finding))), app \(md(finding.session.versionDescription)), "
                out += md(finding.session.deviceDescription)
                if let folded = ProblemText.folded(finding, in: group) {
                    out += ": `\(folded.rule)` \(md(folded.words))"
                }
                out += "\n"
            }
            if group.omittedFindings > 0 {
                out += "- and \(TextFormatter.plural(group.omittedFindings, "more finding"))\n"
            }
        }
        return out
    }

    /// What each numbered marker of the picture is, as the HTML report's legend says it, in plain words.
    static func legend(_ scene: Scene) -> [String] {
        let layout = SceneLayout(scene)
        let n = NumberText.format
        var lines: [String] = []
        for annotation in layout.annotations {
            let roles = annotation.roles.map { $0.caption(touched: !scene.touches.isEmpty) }.joined(separator: "; ")
            var line = "\(annotation.number): \(roles)"
            if let view = annotation.view {
                line += ", " + view.className
                if let label = view.label { line += " \"\(label)\"" }
                line += " (\(view.id))"
            }
            lines.append(Escape.markdown(line))
        }
        for touch in scene.touches { lines.append("red circle: the touch at (\(n(touch.x)), \(n(touch.y)))") }
        return lines
    }

    /// A session id as one shell word.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
        return plain
            ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        return String(text)
    }
}

extension String {
    /// `self` with the first occurrence of `target` replaced (no Foundation in this module's formats).
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        let characters = Array(self)
        let pattern = Array(target)
        guard !pattern.isEmpty, characters.count >= pattern.count else { return self }
        for start in 0...(characters.count - pattern.count)
        where Array(characters[start..<start + pattern.count]) == pattern {
            return String(characters[..<start]) + replacement + String(characters[(start + pattern.count)...])
        }
        return self
    }
}
