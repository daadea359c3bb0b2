import TouchlogFormat

/// `--format html`: one self-contained page (inline CSS and SVG, no script, no external file, and a
/// Content-Security-Policy that forbids loading anything), one section per problem with a picture of the
/// screen at that moment beside the session's timeline, and every occurrence below.
enum HTMLFormatter {
    /// With `options.replayPages`, each finding links to its moment in its session's replay page
    /// (``ReplayPage/fileName(session:)``, beside the report).
    static func format(_ report: Report, options: FormatOptions = FormatOptions()) -> String {
        let esc = Escape.html
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>touchlog report</title>
            <style>
            \(style)</style>
            </head>
            <body>
            <header>
            <h1>touchlog report</h1>

            """
        out += "<p class=\"summary\">\(TextFormatter.plural(report.sessions.count, "session")) analysed with "
        out +=
            "\(TextFormatter.plural(report.rules.count, "rule")): <strong>\(TextFormatter.plural(report.groups.count, "problem"))</strong> "
        out += "(\(TextFormatter.plural(report.findingCount, "finding")))"
        if report.hiddenByBaseline > 0 { out += ", \(report.hiddenByBaseline) hidden by the baseline" }
        if let failOn = report.failOn {
            let failing = report.groups.filter(report.isFailing).count
            out += "; <strong>\(failing)</strong> at or above <code>--fail-on \(failOn.rawValue)</code>"
        }
        if !report.partialSessions.isEmpty {
            out += "; <a href=\"#partial\">\(CoverageText.partial(report.partialSessions.count))</a>"
        }
        if !report.unanalysed.isEmpty {
            out +=
                "; <a href=\"#not-analysed\"><strong>\(CoverageText.notAnalysed(report.unanalysed.count))</strong></a>"
        }
        out += ". touchlog \(esc(report.toolVersion)).</p>\n"
        if report.groups.isEmpty {
            if let nothing = report.nothingAnalysed {
                out += "<p class=\"nothing\">\(esc(CoverageText.nothingAnalysed(nothing)))"
                if let failOn = report.failOn { out += " That fails <code>--fail-on \(failOn.rawValue)</code>." }
                out += "</p>\n"
            } else if report.unanalysed.isEmpty {
                out += "<p class=\"clean\">No problems found.</p>\n"
            } else {
                out +=
                    "<p class=\"clean\">No problems found in the \(TextFormatter.plural(report.sessions.count, "session")) analysed.</p>\n"
            }
            out += "</header>\n"
            if !report.unanalysed.isEmpty || !report.partialSessions.isEmpty {
                out += "<main>\n\(notAnalysed(report))\(partial(report))</main>\n"
            }
            return out + "</body>\n</html>\n"
        }
        out += "<nav><ol>\n"
        let headings = ProblemText.headings(report)
        for (group, heading) in zip(report.groups, headings) {
            out +=
                "<li><a href=\"#p-\(group.fingerprint)\"><span class=\"badge \(group.severity.rawValue)\">\(group.severity.rawValue)</span> "
            out +=
                "<code>\(esc(group.ruleID.rawValue))</code> \(esc(heading))</a> "
            out += "<span class=\"count\">\(TextFormatter.plural(group.sessionCount, "session"))</span></li>\n"
        }
        out += "</ol></nav>\n</header>\n<main>\n"
        // Before the problems: the page's reader learns first what its problems do not cover.
        out += notAnalysed(report) + partial(report)
        for (index, group) in report.groups.enumerated() {
            out += section(
                report, group, heading: headings[index], number: index + 1, replayPages: options.replayPages)
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    /// The sessions no rule judged, with replay's reason; empty when there are none.
    private static func notAnalysed(_ report: Report) -> String {
        guard !report.unanalysed.isEmpty else { return "" }
        let esc = Escape.html
        var out = "<section class=\"unanalysed\" id=\"not-analysed\">\n<h2>Not analysed</h2>\n"
        out += "<p>No rule judged these sessions: replay could not run their records."
        if let failOn = report.failOn { out += " Each fails <code>--fail-on \(failOn.rawValue)</code>." }
        out += "</p>\n<table class=\"occurrences\"><thead><tr><th>Session</th><th>App</th><th>Device</th>"
        out += "<th>Recording</th><th>Reason</th><th>Why</th></tr></thead><tbody>\n"
        for skipped in report.unanalysed {
            out += "<tr><td>\(esc(skipped.session.id))</td><td>\(esc(skipped.session.versionDescription))</td>"
            out += "<td>\(esc(skipped.session.deviceDescription))</td>"
            out += "<td>\(esc(CoverageText.location(skipped.session) ?? ""))</td>"
            out += "<td><code>\(skipped.kind.rawValue)</code></td><td>\(esc(skipped.message))</td></tr>\n"
        }
        out += "</tbody></table>\n</section>\n"
        return out
    }

    /// The sessions analysed from part of their recording, and what ingest did not store; empty when none.
    private static func partial(_ report: Report) -> String {
        guard !report.partialSessions.isEmpty else { return "" }
        let esc = Escape.html
        var out = "<section class=\"unanalysed\" id=\"partial\">\n<h2>Partial recordings</h2>\n"
        out += "<p>The rules judged only what ingest stored of these sessions.</p>\n"
        out += "<table class=\"occurrences\"><thead><tr><th>Session</th><th>App</th><th>Device</th>"
        out += "<th>Recording</th><th>What is missing</th></tr></thead><tbody>\n"
        for session in report.partialSessions {
            out += "<tr><td>\(esc(session.id))</td><td>\(esc(session.versionDescription))</td>"
            out += "<td>\(esc(session.deviceDescription))</td><td>\(esc(CoverageText.location(session) ?? ""))</td>"
            out += "<td>\(esc(session.gaps.description ?? ""))</td></tr>\n"
        }
        out += "</tbody></table>\n</section>\n"
        return out
    }

    private static func section(
        _ report: Report, _ group: FindingGroup, heading: String, number: Int, replayPages: Bool
    ) -> String {
        let esc = Escape.html
        let first = group.representative
        var out = "<section class=\"problem \(group.severity.rawValue)\" id=\"p-\(group.fingerprint)\">\n"
        out +=
            "<h2><span class=\"number\">\(number).</span> <span class=\"badge \(group.severity.rawValue)\">\(group.severity.rawValue)</span> "
        out += "<code>\(esc(group.ruleID.rawValue))</code> \(esc(heading))</h2>\n"
        out += "<p class=\"explanation\">\(esc(first.explanation))</p>\n"
        out += "<dl class=\"facts\">\n"
        out += "<dt>Sessions</dt><dd>\(group.sessionCount)</dd>\n"
        out += "<dt>App versions</dt><dd>\(esc(group.appVersions.joined(separator: ", ")))</dd>\n"
        out += "<dt>Devices</dt><dd>\(esc(group.devices.joined(separator: ", ")))</dd>\n"
        if let firstSeen = group.firstSeen, let lastSeen = group.lastSeen {
            if firstSeen == lastSeen {
                out += "<dt>Seen</dt><dd>\(esc(firstSeen))</dd>\n"
            } else {
                out += "<dt>First seen</dt><dd>\(esc(firstSeen))</dd>\n<dt>Last seen</dt><dd>\(esc(lastSeen))</dd>\n"
            }
        }
        for view in first.views {
            let role = view.role.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "View"
            out += "<dt>\(esc(role))</dt><dd class=\"path\">\(esc(view.pathDescription))</dd>\n"
        }
        out += "<dt>Signature</dt><dd class=\"signature\">\(esc(group.signature))</dd>\n"
        out += "</dl>\n<div class=\"evidence\">\n"
        if let scene = first.scene {
            let layout = SceneLayout(scene)
            out += "<figure>\n\(SceneSVG.svg(scene, layout: layout))\n<figcaption>"
            out += "Session \(esc(first.session.id)) at \(NumberText.format(scene.t)) s\n"
            if replayPages { out += "(\(watchLink(first, text: "watch it in the replay")))\n" }
            out += SceneSVG.legend(scene, layout: layout)
            out += "</figcaption>\n</figure>\n"
        } else {
            out += "<p class=\"no-scene\">No picture: this finding carries no scene.</p>\n"
        }
        let centres = Timeline.centres(of: first.records)
        let entries = Timeline.around(centres, in: report.timelines[first.session.id] ?? [])
        out += "<div class=\"timeline\"><h3>Timeline of \(esc(first.session.id))</h3>\n"
        if entries.isEmpty {
            out += "<p>No timeline recorded for this session.</p>\n"
        } else {
            out += "<ol>\n"
            let cited = Set(first.records)
            var previous: Int?
            // The cited records the timeline leaves out lie between its first centres and its last two: the gap
            // that ends at the window of the last two counts them.
            let unshown = cited.count - entries.filter { cited.contains($0.seq) }.count
            let lastTwo = unshown > 0 ? centres[centres.count - 2] : nil
            for entry in entries {
                if let previous, entry.seq > previous + 1 {
                    if let lastTwo, previous < lastTwo, entry.seq <= lastTwo {
                        out += "<li class=\"gap\">… \(unshown) more cited record\(unshown == 1 ? "" : "s"), "
                        out += "all listed under Records below …</li>\n"
                    } else {
                        out += "<li class=\"gap\">…</li>\n"
                    }
                }
                previous = entry.seq
                out +=
                    "<li\(cited.contains(entry.seq) ? " class=\"cited\"" : "")><span class=\"seq\">\(entry.seq)</span>"
                out += "<span class=\"t\">\(NumberText.format(entry.t)) s</span> \(esc(entry.text))</li>\n"
            }
            out += "</ol>\n"
        }
        out += "</div>\n</div>\n"
        out += "<table class=\"occurrences\"><thead><tr><th>Session</th><th>App</th><th>Device</th><th>Started</th>"
        // A rage tap counted in its cause's problem says its own words in a column of its own.
        let notes = group.findings.contains { ProblemText.folded($0, in: group) != nil }
        out += "<th>Time (s)</th><th>Records</th>\(notes ? "<th>Note</th>" : "")</tr></thead><tbody>\n"
        for finding in group.findings {
            var records = NumberText.ranges(finding.records)
            if let source = finding.session.source {
                records += " in " + esc(source)
                if let line = finding.records.first.flatMap(finding.session.fileLine(ofSeq:)) { records += ":\(line)" }
            }
            // data-label names each cell on a phone, where the table is shown as cards.
            out += "<tr><td data-label=\"Session\">\(esc(finding.session.id))</td>"
            out += "<td data-label=\"App\">\(esc(finding.session.versionDescription))</td>"
            out += "<td data-label=\"Device\">\(esc(finding.session.deviceDescription))</td>"
            out += "<td data-label=\"Started\">\(esc(finding.session.startedAt ?? ""))</td>"
            let time = NumberText.format(finding.span.start)
            out += "<td data-label=\"Time (s)\">\(replayPages ? watchLink(finding, text: time) : time)</td>"
            out += "<td data-label=\"Records\">\(records)</td>"
            if notes {
                out += "<td class=\"note\" data-label=\"Note\">"
                if let folded = ProblemText.folded(finding, in: group) {
                    out += "<code>\(esc(folded.rule.rawValue))</code> \(esc(folded.words))"
                }
                out += "</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody></table>\n"
        if group.omittedFindings > 0 {
            out +=
                "<p class=\"more\">And \(TextFormatter.plural(group.omittedFindings, "more finding")), not listed (the first \(group.findings.count) are).</p>\n"
        }
        out += "</section>\n"
        return out
    }

    /// A link to `finding`'s moment in its session's replay page, beside the report.
    private static func watchLink(_ finding: Finding, text: String) -> String {
        let href = ReplayPage.fileName(session: finding.session.id) + "#t=" + NumberText.format(finding.span.start)
        return
            "<a class=\"watch\" href=\"\(Escape.html(href))\" title=\"Watch session \(Escape.html(finding.session.id)) from this moment\">\(text)</a>"
    }

    static let style = """
        :root { --error: #c62828; --warning: #b26a00; --info: #1565c0; --hit: #ef6c00; --expected: #2e7d32;
          --fr: #1565c0; --cause: #8e24aa; --ink: #1d1d1f; --muted: #6b6b70; --line: #d9d9de; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          color: var(--ink); background: #f6f6f8; }
        header, main { max-width: 1180px; margin: 0 auto; padding: 16px 24px; }
        h1 { font-size: 22px; margin: 8px 0; }
        h2 { font-size: 17px; margin: 0 0 6px; }
        h3 { font-size: 13px; margin: 0 0 6px; color: var(--muted); font-weight: 600; }
        code, .path, .signature, .seq, .t { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
        nav ol { padding-left: 22px; margin: 8px 0; }
        nav li { margin: 2px 0; }
        nav a { color: inherit; text-decoration: none; }
        nav a:hover { text-decoration: underline; }
        .count { color: var(--muted); }
        .badge { display: inline-block; padding: 0 7px; border-radius: 9px; color: #fff; font-size: 12px; font-weight: 600;
          vertical-align: 1px; }
        .badge.error { background: var(--error); } .badge.warning { background: var(--warning); } .badge.info { background: var(--info); }
        .problem { background: #fff; border: 1px solid var(--line); border-left: 5px solid var(--info); border-radius: 6px;
          padding: 14px 18px; margin: 0 0 18px; }
        .problem.error { border-left-color: var(--error); } .problem.warning { border-left-color: var(--warning); }
        .number { color: var(--muted); }
        .explanation { font-size: 15px; margin: 4px 0 10px; }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0 0 12px; }
        .facts dt { color: var(--muted); } .facts dd { margin: 0; overflow-wrap: anywhere; }
        .evidence { display: flex; gap: 22px; align-items: flex-start; flex-wrap: wrap; }
        figure { margin: 0; flex: 0 0 auto; width: 300px; }
        figcaption { font-size: 12px; color: var(--muted); margin-top: 4px; }
        .timeline { flex: 1 1 360px; min-width: 300px; }
        .timeline ol { list-style: none; margin: 0; padding: 0; border: 1px solid var(--line); border-radius: 4px; }
        .timeline li { padding: 2px 8px; border-bottom: 1px solid #eee; overflow-wrap: anywhere; }
        .timeline li:last-child { border-bottom: 0; }
        .timeline li.cited { background: #fff4d6; font-weight: 600; }
        .timeline li.gap { color: var(--muted); text-align: center; }
        .seq { display: inline-block; min-width: 3.2em; color: var(--muted); }
        .t { display: inline-block; min-width: 5.5em; color: var(--muted); }
        table.occurrences { border-collapse: collapse; margin-top: 12px; width: 100%; font-size: 13px; }
        .occurrences th, .occurrences td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line);
          overflow-wrap: anywhere; }
        .occurrences th { color: var(--muted); font-weight: 600; white-space: nowrap; }
        /* A folded rage tap's words take the room, so the short columns are not squeezed to a letter a line. */
        .occurrences td.note { width: 45%; }
        svg.scene { display: block; background: #fafafa; border: 1px solid #999; border-radius: 10px; }
        svg .screen { fill: #fff; }
        svg .v { fill: none; stroke: #9aa0a6; stroke-width: 1; }
        svg .v.noint { stroke: #c4c7cc; }
        svg .v.translucent { stroke-dasharray: 6 3; }
        svg .v.transparent { stroke: #8e24aa; stroke-dasharray: 2 3; fill: rgba(142, 36, 170, 0.06); }
        svg .v.hidden { stroke: #bbb; stroke-dasharray: 4 4; fill: rgba(0, 0, 0, 0.04); }
        svg .v.disabled { stroke: #bbb; fill: rgba(0, 0, 0, 0.05); }
        svg .role { fill: none; stroke-width: 3; }
        svg .role.hit { stroke: var(--hit); }
        svg .role.hit.filled, svg .role.filled { fill: rgba(239, 108, 0, 0.18); }
        svg .role.expected { stroke: var(--expected); stroke-dasharray: 8 4; }
        svg .role.first-responder { stroke: var(--fr); }
        svg .role.cause { stroke: var(--cause); stroke-width: 4; stroke-dasharray: 3 3; }
        svg .role.keyboard { fill: rgba(60, 60, 67, 0.28); stroke: #555; stroke-width: 1; }
        svg .role.is-hidden, svg .role.is-transparent { stroke-dasharray: 7 4; }
        svg .label { font-size: 13px; fill: #80868b; }
        svg .marker circle { fill: #fff; stroke-width: 3; }
        svg .marker text { font-size: 15px; font-weight: 700; text-anchor: middle; dominant-baseline: central; }
        svg .marker.hit circle { stroke: var(--hit); } svg .marker.hit text { fill: var(--hit); }
        svg .marker.expected circle { stroke: var(--expected); } svg .marker.expected text { fill: var(--expected); }
        svg .marker.first-responder circle { stroke: var(--fr); } svg .marker.first-responder text { fill: var(--fr); }
        svg .marker.cause circle { stroke: var(--cause); } svg .marker.cause text { fill: var(--cause); }
        svg .marker.keyboard circle { stroke: #555; } svg .marker.keyboard text { fill: #333; }
        svg rect.inset { fill: #fafafa; } svg .inset-border { fill: none; stroke: #555; stroke-width: 2; }
        svg .zoom-region { fill: none; stroke: #555; stroke-width: 1.5; stroke-dasharray: 4 3; }
        svg svg.inset rect, svg svg.inset circle { vector-effect: non-scaling-stroke; }
        svg .touch circle { fill: rgba(211, 47, 47, 0.25); stroke: #d32f2f; stroke-width: 2; }
        svg .touch .dot { fill: #d32f2f; stroke: none; }
        .legend { list-style: none; margin: 6px 0 0; padding: 0; font-size: 13px; color: var(--ink); }
        .legend li { margin: 3px 0; overflow-wrap: anywhere; }
        .legend b { font-weight: 600; }
        .legend b.hit { color: var(--hit); } .legend b.expected { color: var(--expected); }
        .legend b.first-responder { color: var(--fr); } .legend b.cause { color: var(--cause); }
        .legend .flags { color: var(--muted); }
        .legend .marker { display: inline-block; min-width: 20px; height: 20px; line-height: 16px; border-radius: 50%;
          border: 2px solid #999; text-align: center; font-weight: 700; font-size: 12px; background: #fff; }
        .legend .marker.hit { border-color: var(--hit); color: var(--hit); }
        .legend .marker.expected { border-color: var(--expected); color: var(--expected); }
        .legend .marker.first-responder { border-color: var(--fr); color: var(--fr); }
        .legend .marker.cause { border-color: var(--cause); color: var(--cause); }
        .legend .marker.keyboard { border-color: #555; background: rgba(60, 60, 67, 0.28); }
        .legend .marker.touch { border-color: #d32f2f; background: rgba(211, 47, 47, 0.25); min-width: 16px; height: 16px;
          vertical-align: -3px; }
        .no-scene { flex: 0 0 auto; width: 300px; margin: 0; padding: 40px 16px; text-align: center; color: var(--muted);
          border: 1px dashed var(--line); border-radius: 10px; }
        .clean { font-size: 16px; }
        .nothing { font-size: 16px; font-weight: 600; color: var(--error); }
        .unanalysed { background: #fff; border: 1px solid var(--line); border-left: 5px solid var(--error);
          border-radius: 6px; padding: 14px 18px; margin: 0 0 18px; }
        .unanalysed td code { white-space: nowrap; }
        /* A phone: the occurrences table becomes one card per session, so that no column is squeezed to a letter. */
        @media (max-width: 640px) {
          header, main { padding: 12px 10px; }
          .problem { padding: 12px 10px; }
          .facts { grid-template-columns: 1fr; } .facts dd { margin-bottom: 4px; }
          figure, .timeline { width: 100%; min-width: 0; } svg.scene { width: 100%; height: auto; max-width: 340px; }
          .occurrences thead { display: none; }
          .occurrences, .occurrences tbody, .occurrences tr, .occurrences td { display: block; width: 100%; }
          .occurrences tr { border: 1px solid var(--line); border-radius: 4px; margin: 6px 0; padding: 4px 0; }
          .occurrences td { border: 0; padding: 1px 8px; }
          .occurrences td::before { content: attr(data-label) ": "; color: var(--muted); font-weight: 600; }
          .occurrences td.note:empty { display: none; }
          .occurrences td.note { width: 100%; }
        }

        """
}
