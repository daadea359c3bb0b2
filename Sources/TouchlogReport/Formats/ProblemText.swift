/// Phrases the CI formats share, so an annotation, an Xcode line, a Code Quality entry and the summary count
/// the same way.
enum ProblemText {
    /// "2 findings in 2 sessions", "1 finding in 1 session".
    static func counts(_ group: FindingGroup) -> String {
        "\(TextFormatter.plural(group.findingCount, "finding")) in \(TextFormatter.plural(group.sessionCount, "session"))"
    }

    /// A short name of the problem's main view, for one-line formats: its class and accessibility identifier
    /// (`UITextField#checkout.promoCode`), else its class and label (`UIButton "Remove photo"`), else its class;
    /// nil when the problem names no view. Never the path from the window: that is what makes lines long.
    static func shortName(_ group: FindingGroup) -> String? {
        guard let view = group.representative.views.first else { return nil }
        if let identifier = view.accessibilityIdentifier, !identifier.isEmpty {
            return "\(view.className)#\(identifier)"
        }
        if let label = view.accessibilityLabel, !label.isEmpty { return "\(view.className) \"\(label)\"" }
        return view.className
    }
}

extension ProblemText {
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
