import ResponderCore
import TouchlogFormat
import TouchlogReplay

/// One session through the rules in one streaming pass: the replay feeds every record to the model, and the rules
/// watch it as it goes (``ReplayObserver``). Nothing of the session is held but the rules' own bounded state.
///
/// ```swift
/// let analysis = SessionAnalysis(rules: RuleRegistry.all, context: context)
/// let findings = try analysis.run()          // replays context.records, then asks every rule for its findings
/// ```
public final class SessionAnalysis: ReplayObserver {
    public let context: SessionContext
    private let rules: [any Rule]
    /// The severity the configuration gives each rule's findings (nil: the rule's own), in the order of `rules`.
    private let severities: [Severity?]
    private let builders: [FindingBuilder]
    /// The rules that follow the input records themselves (``Rule/followsRecords``), with their builders, called at
    /// every record. Unowned: `rules` and `builders` keep them alive as long as this analysis, and a strong reference
    /// here would be retained and released around each call (two atomic operations per rule and record).
    private let followers: [Follower]

    private struct Follower {
        unowned(unsafe) let rule: any Rule
        unowned(unsafe) let build: FindingBuilder
    }
    /// Names views for what the context follows for every rule (the keyboard agreement).
    private let shared: FindingBuilder
    /// What the context follows for the rules, as it was made before the first record: held here as constants, so
    /// that the calls at every record read no variable of the context (each such read is an exclusivity check).
    private let keyboardAgreement: KeyboardAgreement
    private let blockedTaps: BlockedTaps?
    private let taps: [Taps]

    /// Each rule with its configured parameters and severity.
    public init(rules: [ConfiguredRule], context: SessionContext) {
        self.context = context
        context.keyboardAgreement = KeyboardAgreement(rules: rules)
        // Followed for blocked_tap (and read by unreachable_control), with blocked_tap's threshold.
        context.blockedTaps = rules.first { $0.type.id == BlockedTapRule.id }.map { rule in
            let parameters = rule.settings.parameters.typed(as: BlockedTapRule.Parameters.self) ?? .init()
            return BlockedTaps(nearlyTransparent: parameters.nearlyTransparentAlpha.value)
        }
        // Taps for the frustration rules, one follower per response time, made before the first record.
        for rule in rules {
            if rule.type.id == RageTapRule.id {
                let parameters = rule.settings.parameters.typed(as: RageTapRule.Parameters.self) ?? .init()
                _ = context.taps(responseTime: parameters.responseTime.value)
            } else if rule.type.id == DeadTapRule.id {
                let parameters = rule.settings.parameters.typed(as: DeadTapRule.Parameters.self) ?? .init()
                _ = context.taps(responseTime: parameters.responseTime.value)
            }
        }
        let made = rules.map { $0.make() }
        self.rules = made
        severities = rules.map(\.settings.severity)
        builders = rules.map { FindingBuilder(context, rule: $0.type) }
        let builders = self.builders
        followers = rules.indices.filter { rules[$0].type.followsRecords }.map {
            Follower(rule: made[$0], build: builders[$0])
        }
        shared = FindingBuilder(naming: context)
        keyboardAgreement = context.keyboardAgreement
        blockedTaps = context.blockedTaps
        taps = context.tapFollowers.keys.sorted().compactMap { context.tapFollowers[$0] }
    }

    /// Each rule with its defaults.
    public convenience init(rules: [any Rule.Type], context: SessionContext) {
        self.init(rules: rules.map { ConfiguredRule($0) }, context: context)
    }

    /// Replays the session's records with every rule watching, then collects the findings in rule order. Throws
    /// replay's error when the session cannot be replayed (no snapshot, an event before it, a malformed record).
    public func run() throws -> [Finding] {
        var replayer = SessionReplayer(session: context.ref.id, options: ReplayOptions(), detail: .divergences)
        replayer.observer = self
        try context.records.forEachRecord { record in try replayer.feed(record) { _ in } }
        try replayer.finish { _ in }
        return findings()
    }

    /// The findings in rule order, once the replay this analysis watched has finished (``run()`` replays and calls
    /// it; the replay page watches its own replay with this analysis beside it and calls it at the end).
    public func findings() -> [Finding] {
        blockedTaps?.finish()
        for taps in taps { taps.finish() }
        var findings: [Finding] = []
        for k in rules.indices {
            var found = rules[k].finish(build: builders[k])
            // Set here, after the rule, so that no rule can forget it.
            if let severity = severities[k] { for n in found.indices { found[n].severity = severity } }
            findings += found
        }
        return findings
    }

    public func replayed(_ input: SessionRecord, step: Step, model: ResponderModel) {
        keyboardAgreement.follow(input: input, step: step, model: model, build: shared)
        blockedTaps?.follow(input, step: step, model: model, build: shared)
        for taps in taps { taps.follow(input, step: step, model: model, build: shared) }
        for follower in followers { follower.rule.replayed(input, step: step, model: model, build: follower.build) }
        context.before = (step.firstResponder, step.keyboardVisible)
    }

    public func willBegin(_ touch: SessionRecord, model: ResponderModel) {
        for k in rules.indices { rules[k].willBegin(touch, model: model, build: builders[k]) }
    }

    public func recorded(_ record: SessionRecord, model: ResponderModel?) {
        switch record.record {
        case .keyboard(let keyboard):
            // Hidden: no frame to draw. A frame change keeps the keyboard where its visibility was.
            switch keyboard.phase.visibility {
            case false?: context.keyboardFrame = nil
            case true?, nil: context.keyboardFrame = keyboard.frame
            }
        case .session, .snapshot, .touch, .key, .set, .insert, .remove, .call, .action, .firstResponder, .sent,
            .targetForAction, .keyWindow, .recognizer, .selection, .controlState, .time, .dropped, .otherAppKeyboard,
            .unknown:
            break
        }
        keyboardAgreement.follow(observation: record, model: model, build: shared)
        blockedTaps?.recorded(record, model: model, build: shared)
        for taps in taps { taps.recorded(record, model: model, build: shared) }
        for k in rules.indices { rules[k].recorded(record, model: model, build: builders[k]) }
    }
}
