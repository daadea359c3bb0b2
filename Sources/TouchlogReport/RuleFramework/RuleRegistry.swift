/// Every rule `touchlog report` runs, in documentation order. A test fails when a file under `Rules/` is not
/// listed here.
public enum RuleRegistry {
    /// Adding a rule is one line here (its file goes in `Rules/`). Computed: metatypes of rules (classes with
    /// state) are not `Sendable`, so they are not kept in a global.
    public static var all: [any Rule.Type] {
        [
            HiddenFirstResponderRule.self,
            TapFailedToDismissRule.self,
            KeyboardOccludesInputRule.self,
            KeyboardWithoutFirstResponderRule.self,
            FirstResponderWithoutKeyboardRule.self,
            BlockedTapRule.self,
            SwallowedTapRule.self,
            UnhandledActionRule.self,
            TouchOnHiddenViewRule.self,
            HitTestDivergenceRule.self,
            UnreachableControlRule.self,
            DeadTapRule.self,
            RageTapRule.self,
        ]
    }

    /// The descriptions of ``all`` with their parameters, for `--list-rules` and `docs/rules.md`.
    public static var descriptions: [RuleDescription] { all.map { $0.documentation } }

    /// The rule called `name` among `rules`: where text from a file or a command line becomes a rule, and an unknown
    /// name is caught.
    public static func rule(named name: String, among rules: [any Rule.Type] = all) -> (any Rule.Type)? {
        rules.first { $0.description.identifier == name }
    }
}
