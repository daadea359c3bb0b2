import Foundation
import Testing
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogReplay
import TouchlogTestSupport
import UIKitStandIn

/// The stories' check has teeth: a story's recording made wrong the way a recorder bug would make it (a touch bound
/// to another view, a first responder misnamed or not observed, an action missing from a control or a `sent` not
/// written) fails the same check the stories pass (`StoryTests.check`), and so does a recording where the scripted
/// UIKit outcome disagrees with the model on purpose.
///
/// Each test first checks the unchanged recording (it passes), then the changed one, and expects the one problem that
/// change must cause: were the check to stop comparing that, the test would fail.
@Suite(.serialized) @MainActor struct StoryCheckTeethTests {
    /// A story's recording, as its golden file pins it (the story fails when it records anything else).
    static func recording(_ name: String) throws -> String {
        try String(contentsOf: StoryTests.golden.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
    }

    /// `text` with `old` replaced by `new` once; `old` must be there, so that a recorder change that moves it makes
    /// this test fail instead of checking an unchanged recording.
    static func replacing(_ old: String, with new: String, in text: String) throws -> String {
        let parts = text.components(separatedBy: old)
        try #require(parts.count == 2, "expected \(old) once in the recording")
        return parts.joined(separator: new)
    }

    /// `text` without the one line containing `marker`.
    static func dropping(lineWith marker: String, from text: String) throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let matching = lines.indices.filter { lines[$0].contains(marker) }
        try #require(matching.count == 1, "expected one line with \(marker) in the recording")
        lines.remove(at: matching[0])
        return lines.joined(separator: "\n")
    }

    /// Checks `original` (which must pass) and `changed` (whose problems are returned).
    static func problems(
        _ name: String, original: String, changed: String, expecting findings: Set<String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [StoryVerdict.Problem] {
        let baseline = try StoryTests.check(name, original, expecting: findings)
        #expect(
            baseline.problems.isEmpty, "the unchanged recording: \(baseline.problems)", sourceLocation: sourceLocation)
        #expect(changed != original, sourceLocation: sourceLocation)
        return try StoryTests.check(name, changed, expecting: findings).problems
    }

    static let hiddenField = "hidden-field-keeps-typing"
    static let coordinator = "coordinator-and-refused-paste"

    /// A recorder that wrote the wrong view for a touch (another view's id in `touch.view`): the Hide button's tap
    /// recorded as bound to the field. Replay's hit test finds the button there: a hit-view divergence.
    @Test func aTouchRecordedOnTheWrongViewFails() throws {
        let original = try Self.recording(Self.hiddenField)
        let changed = try Self.replacing(
            #""event":2,"view":"UIButton#6""#, with: #""event":2,"view":"UITextField#5""#, in: original)
        let problems = try Self.problems(
            Self.hiddenField, original: original, changed: changed, expecting: ["hidden_first_responder"])
        #expect(problems.compactMap(\.divergenceKind).contains(.hitView), "\(problems)")
    }

    /// A recorder that named the wrong first responder: the button instead of the tapped field. The model has the
    /// field (F7): a first-responder divergence.
    @Test func aFirstResponderRecordedWrongFails() throws {
        let original = try Self.recording(Self.hiddenField)
        let changed = try Self.replacing(
            #""type":"firstResponder","t":0.1,"view":"UITextField#5""#,
            with: #""type":"firstResponder","t":0.1,"view":"UIButton#6""#, in: original)
        let problems = try Self.problems(
            Self.hiddenField, original: original, changed: changed, expecting: ["hidden_first_responder"])
        #expect(problems.compactMap(\.divergenceKind).contains(.firstResponder), "\(problems)")
    }

    /// A recorder that missed a first-responder change. Replay compares only the observations a recording has, so
    /// nothing diverges; the check's own comparison of the model's changes with the observed ones fails.
    @Test func aFirstResponderChangeNotRecordedFails() throws {
        let original = try Self.recording(Self.hiddenField)
        let changed = try Self.dropping(lineWith: #""type":"firstResponder""#, from: original)
        let problems = try Self.problems(
            Self.hiddenField, original: original, changed: changed, expecting: ["hidden_first_responder"])
        #expect(
            problems.contains(
                .firstResponderChanges(model: ["UITextField#5 in RecordingWindow#3"], recorded: [])),
            "\(problems)")
    }

    /// A recorder whose snapshot lost a control's action: the Place order button without its placeOrder: target.
    /// The recording still observes the action sent, which the model did not dispatch: a `sent` divergence.
    @Test func anActionMissingFromAControlFails() throws {
        let original = try Self.recording(Self.coordinator)
        let changed = try Self.replacing(
            #""actions":[{"events":["touchUpInside"],"target":"CheckoutCoordinator#8","action":"placeOrder:"}],"#,
            with: "", in: original)
        let problems = try Self.problems(Self.coordinator, original: original, changed: changed, expecting: [])
        #expect(problems.compactMap(\.divergenceKind).contains(.sent), "\(problems)")
    }

    /// A recorder that did not write an action it saw sent (one of the two): the model dispatched placeOrder:, which
    /// nobody observed: replay's unobserved-action divergence.
    @Test func aSentActionNotRecordedFails() throws {
        let original = try Self.recording(Self.coordinator)
        let changed = try Self.dropping(lineWith: #""action":"placeOrder:","target""#, from: original)
        let problems = try Self.problems(Self.coordinator, original: original, changed: changed, expecting: [])
        #expect(problems.compactMap(\.divergenceKind).contains(.unobservedAction), "\(problems)")
    }

    /// A recorder that wrote no `sent` at all (the only one in the story dropped). Replay then takes the session for
    /// one that does not record actions and compares none (`recordsSentObservations`); the check's own comparison
    /// of the model's actions with the observed ones fails.
    @Test func theOnlySentActionNotRecordedFails() throws {
        let original = try Self.recording(Self.hiddenField)
        let changed = try Self.dropping(lineWith: #""type":"sent""#, from: original)
        let problems = try Self.problems(
            Self.hiddenField, original: original, changed: changed, expecting: ["hidden_first_responder"])
        #expect(
            problems.contains(.actions(model: ["hidePromoCode: to StoryController#1"], recorded: [])), "\(problems)")
    }

    /// The scripted UIKit disagrees with the model on purpose: after the field is hidden, a tap where it was is
    /// scripted as bound to it, as if UIKit hit-tested hidden views (it does not: H2). The recorder writes what it
    /// was given, and replay's hit test (the root view, H2) diverges. The same script bound to the root view, as H2
    /// says, passes.
    @Test func aScriptThatDisagreesWithTheModelDiverges() throws {
        func play(thirdTapHitsTheField: Bool) throws -> [StoryVerdict.Problem] {
            let (window, controller, root) = StoryTests.screen()
            let promo = StoryTests.field("Promo code", y: 300)
            root.addSubview(promo)
            let hide = StoryTests.button(
                "Hide", frame: CGRect(x: 24, y: 360, width: 120, height: 44), target: controller,
                action: "hidePromoCode:")
            root.addSubview(hide)
            controller.standInImplements = ["hidePromoCode:"]
            let app = SimulatedApp(session: "STORY-DISAGREES", window: window)
            app.appCode["hidePromoCode:"] = { promo.isHidden = true }
            app.tap(150, 322, hits: promo, becomes: promo)
            app.tap(80, 382, hits: hide, sends: ("hidePromoCode:", to: controller))
            app.tap(150, 322, hits: thirdTapHitsTheField ? promo : root)
            let text = app.recorded()
            app.stop()
            return try StoryTests.check("disagrees", text).problems
        }
        #expect(try play(thirdTapHitsTheField: false).isEmpty)
        let problems = try play(thirdTapHitsTheField: true)
        #expect(problems.compactMap(\.divergenceKind) == [.hitView], "\(problems)")
    }
}
