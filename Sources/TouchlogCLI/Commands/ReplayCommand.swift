import ArgumentParser
import Foundation
import ResponderCore
import TouchlogFormat
import TouchlogPipeline
import TouchlogReplay
import TouchlogStore

/// `touchlog replay`: re-dispatches stored sessions through the responder model and compares it with the recording.
struct ReplayCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay stored sessions through the model of UIKit and show where the recording disagrees.",
        discussion: """
            Every input record (touch, key, set, insert, remove, call, action, snapshot) is fed to the model from \
            the session's first snapshot on; touch records with the same event number and t are one UIEvent. \
            Observations (firstResponder, keyboard, sent, a touch's recorded view) are compared with the model; \
            each disagreement is a divergence, marked "!" in the timeline, in red on a terminal unless NO_COLOR is \
            set (kinds: hitView, firstResponder, \
            keyboard, sent, unobservedAction, snapshot*; see docs/replay.md). Replay only reads the database: \
            nothing of a run is stored (the report command replays as it goes).

            --format text (default) prints a timeline, its lines fitted to the terminal's width (or to COLUMNS \
            when it is set; whole lines in a pipe or a file without it); --format jsonl prints the replay trace of the log format \
            (docs/log-format.md, "Replay trace"): one JSON object per input record, byte-identical across runs. \
            With several sessions each jsonl line also carries "session". --format summary prints one line per \
            session (records replayed, divergences, warnings) and makes no trace: the fastest replay, for CI with \
            --fail-on-divergence. --format html prints one self-contained page (it loads nothing) to watch one \
            session like a video: the screen as the model has it at each moment, touches with their trails and hit \
            views, the first responder, the keyboard, recognizers' states, a timeline with the report's findings; \
            open it at a moment with #t=SECONDS after the file name (docs/replay.md, "The replay page").

            Policies (--policy +NAME adds one, -NAME removes one; repeatable): \(DismissPolicyNames.all.joined(separator: ", ")).

            Exit status: 0 replayed (divergences or not); 1 --fail-on-divergence and a divergence was found; \
            2 no such session, a session that cannot be replayed (no snapshot, an event before it, a malformed \
            record; the other sessions are still replayed), or the database does not exist, could not be opened \
            or was written by a newer touchlog; 64 invalid arguments.

            Examples:
              touchlog replay 3F2A
              touchlog replay --all --format jsonl > traces.jsonl
              touchlog replay --all --format summary --fail-on-divergence
              touchlog replay 3F2A --policy +dismiss-on-outside-touch
              touchlog replay --compare-policy dismiss-on-outside-touch 3F2A
              touchlog replay 0B6D --trust observed --explain
              touchlog replay 3F2A --format html > replay-3F2A.html
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl, summary, html

        var output: ReplayOutputFormat {
            switch self {
            case .text, .html: .text
            case .jsonl: .jsonl
            case .summary: .summary
            }
        }
    }

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp("Session ids or unique prefixes, as the sessions command lists them.", valueName: "session"),
        completion: Completion.sessionIDs)
    var sessions: [String] = []

    @Flag(help: "Replay every stored session.")
    var all = false

    @Option(help: "Output format.")
    var format: Format = .text

    @Flag(help: "In the text timeline, add the full hit-test explanation of every new touch.")
    var explain = false

    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Add (+NAME) or remove (-NAME) a keyboard-dismiss policy; repeatable.", valueName: "±name"),
        completion: Completion.policyChanges)
    var policy: [String] = []

    @Option(
        name: .customLong("compare-policy"),
        help: ArgumentHelp(
            "Print only what changes between replaying without and with this policy.", valueName: "name"),
        completion: Completion.policyNames)
    var comparePolicy: String?

    @Option(
        help: ArgumentHelp(
            "Bind new touches to the model's hit view (model) or to the recorded view (observed).",
            valueName: "model|observed"))
    var trust: TrustMode = .model

    /// Kept so scripts written for earlier versions still run: replay stores nothing any more.
    @Flag(name: .customLong("no-store"), help: .hidden)
    var noStore = false

    @Flag(name: .customLong("fail-on-divergence"), help: "Exit with status 1 when a divergence is found (for CI).")
    var failOnDivergence = false

    func validate() throws {
        if all && !sessions.isEmpty { throw ValidationError("Give session ids or --all, not both.") }
        if !all && sessions.isEmpty { throw ValidationError("Give at least one session id, or --all.") }
        do {
            _ = try PolicyChanges(arguments: policy)
        } catch let error as ReplayError {
            throw ValidationError(error.description)
        }
        if let comparePolicy {
            if !policy.isEmpty { throw ValidationError("Use --compare-policy or --policy, not both.") }
            if DismissPolicy(rawValue: comparePolicy) == nil {
                throw ValidationError(ReplayError.unknownPolicy(comparePolicy).description)
            }
            if format != .text {
                throw ValidationError("--compare-policy prints text; leave out --format \(format.rawValue).")
            }
        }
        if format == .html {
            if all || sessions.count != 1 {
                throw ValidationError(
                    "--format html makes the page of one session; give one session id (run the command once per session)."
                )
            }
            if explain {
                throw ValidationError("--format html shows every touch's hit test already; leave out --explain.")
            }
        }
    }

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        try frontend(style: context.terminal).run(store: database.open(for: .reading), output: context.output).status
    }

    /// validate() checked the policies. `style`: the terminal's width and colour, for the text timeline.
    func frontend(style: FormatOptions = FormatOptions()) throws -> ReplayRun {
        ReplayRun(
            all ? .all : .matching(sessions), format: format.output, explain: explain,
            options: ReplayOptions(policies: try PolicyChanges(arguments: policy), trust: trust),
            comparePolicy: comparePolicy.flatMap(DismissPolicy.init(rawValue:)), failOnDivergence: failOnDivergence,
            style: style, page: format == .html)
    }
}

extension TrustMode: ExpressibleByArgument {}
