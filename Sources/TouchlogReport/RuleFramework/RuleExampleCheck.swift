/// Runs a rule's examples and says where they fail: the engine behind the parameterised example test.
public enum RuleExampleCheck {
    /// One example that did not produce what it says.
    public struct Failure: Sendable, CustomStringConvertible {
        public var rule: String
        public var file: String
        public var line: Int
        public var message: String

        public var description: String { "\(file):\(line): rule \"\(rule)\": \(message)" }
    }

    /// Every failing example of `rule`; empty when all pass. A triggering example must produce exactly its
    /// expected findings (in any order), a non-triggering one none of this rule.
    public static func failures(of rule: any Rule.Type) -> [Failure] {
        let description = rule.description
        var failures: [Failure] = []
        let examples =
            description.triggeringExamples.map { ($0, true) } + description.nonTriggeringExamples.map { ($0, false) }
        if description.triggeringExamples.isEmpty {
            failures.append(
                Failure(
                    rule: description.identifier, file: "", line: 0,
                    message: "has no triggering example; add one that shows the problem it finds"))
        }
        for (example, triggering) in examples {
            func fail(_ message: String) {
                failures.append(
                    Failure(rule: description.identifier, file: example.file, line: example.line, message: message))
            }
            let session: ReportSession
            do {
                session = try ReportSession(jsonLines: example.session)
            } catch let error as ReportError {
                if case .invalidExample(_, let reason) = error {
                    fail("the example is not a valid touchlog/1 session: \(reason)")
                } else {
                    fail("\(error)")
                }
                continue
            } catch {
                fail("\(error)")
                continue
            }
            if triggering && example.expected.isEmpty {
                fail("a triggering example must list the findings it produces")
                continue
            }
            // Scenes too, so building them is exercised by every example.
            let produced: [Finding]
            do {
                produced = try ReportEngine.findings(in: session, rules: [rule], scenes: true)
            } catch {
                produced = []
            }
            let foreign = produced.filter { $0.ruleID != rule.id }
            if !foreign.isEmpty {
                fail("produced findings with rule id \"\(foreign[0].ruleID)\"; a rule reports under its own identifier")
            }
            var unmatched = produced.filter { $0.ruleID == rule.id }
            var missing: [ExpectedFinding] = []
            for expected in example.expected {
                if let index = unmatched.firstIndex(where: expected.matches) {
                    unmatched.remove(at: index)
                } else {
                    missing.append(expected)
                }
            }
            if !missing.isEmpty {
                fail("expected \(missing.map(\.description).joined(separator: "; ")), but it was not produced")
            }
            if !unmatched.isEmpty {
                let text = unmatched.map {
                    ExpectedFinding(
                        severity: $0.severity, records: $0.records, views: $0.views.map(Signature.of(view:))
                    )
                    .description
                }
                fail(
                    (triggering ? "produced unexpected findings: " : "a non-triggering example produced: ")
                        + text.joined(separator: "; "))
            }
        }
        return failures
    }

    /// Rule files under `Rules/` whose type is not registered: `FooRule.swift` must declare `FooRule` and
    /// ``RuleRegistry/all`` must list it. Returns the file names, sorted.
    public static func unregisteredRuleFiles(fileNames: [String], registeredTypeNames: [String]) -> [String] {
        let registered = Set(registeredTypeNames)
        return fileNames.filter { $0.hasSuffix(".swift") }
            .filter { !registered.contains(String($0.dropLast(".swift".count))) }
            .sorted()
    }
}
