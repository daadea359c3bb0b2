/// Phrases the CI formats share, so an annotation, an Xcode line, a Code Quality entry and the summary count
/// the same way.
enum ProblemText {
    /// "2 findings in 2 sessions", "1 finding in 1 session".
    static func counts(_ group: FindingGroup) -> String {
        "\(TextFormatter.plural(group.findingCount, "finding")) in \(TextFormatter.plural(group.sessionCount, "session"))"
    }

    /// The name of the problem's main view for one-line formats, as every other output names it (``ViewName``,
    /// issue 27 item 9): `UITextField "Promo code" #checkout.promoCode`; nil when the problem names no view. Never
    /// the path from the window: that is what makes lines long.
    static func shortName(_ group: FindingGroup) -> String? {
        group.representative.views.first?.displayName
    }
}

extension ProblemText {
    /// What each problem's heading names, in the report's order: every view its signature is made of, the first
    /// bare and each other after its role (`UITextField "Email" #login.email, tapped view UIView #login.root`), by
    /// ``ViewRef/displayName``; where two problems of one rule would then read alike (views without an identifier
    /// or a label, told apart by their paths), by ``ViewRef/distinguishingName``, which the signature's own parts
    /// make different. Issue 27, item 7: three `tap_failed_to_dismiss` headings read alike because they left out the
    /// tapped view, which was all that told them apart. Empty for a problem that names no view.
    static func headings(_ report: Report) -> [String] {
        func heading(_ group: FindingGroup, _ name: (ViewRef) -> String) -> String {
            group.representative.views.enumerated().map { index, view in
                guard index > 0, let role = view.role else { return name(view) }
                return "\(role) \(name(view))"
            }.joined(separator: ", ")
        }
        let short = report.groups.map { heading($0, \.displayName) }
        var count: [String: Int] = [:]
        for (group, text) in zip(report.groups, short) { count["\(group.ruleID) \(text)", default: 0] += 1 }
        return zip(report.groups, short).map { group, text in
            count["\(group.ruleID) \(text)", default: 0] > 1 ? heading(group, \.distinguishingName) : text
        }
    }

    /// What a finding of a rule that yields to `group`'s rule adds to the problem (a rage tap counted in its cause's
    /// problem, `Triage.yieldingRules`): its rule and its own words, which every format that lists occurrences shows
    /// beside the occurrence, so folding the frustration into its cause does not hide it. Nil for the problem's own
    /// findings.
    static func folded(_ finding: Finding, in group: FindingGroup) -> (rule: RuleID, words: String)? {
        finding.ruleID == group.ruleID ? nil : (finding.ruleID, finding.explanation)
    }

    /// "session A1B2 at 6.9-9.8 s, records 16-20, 22": which occurrence a one-location format points at.
    static func occurrence(_ finding: Finding) -> String {
        var text = "session \(finding.session.id) at \(NumberText.format(finding.span.start))"
        if finding.span.end > finding.span.start { text += "-\(NumberText.format(finding.span.end))" }
        return text + " s, records \(NumberText.ranges(finding.records))"
    }
}

extension ProblemText {
    /// "session D3F8A274-…, app 5.2.0 (5207)": what a reader needs to find the recording of an occurrence in the
    /// store (`touchlog show`, `replay`) and to know which build it came from, in formats whose location is only a
    /// file path that may hold many sessions.
    static func recording(_ session: SessionRef) -> String {
        "session \(session.id), app \(session.versionDescription)"
    }
}
