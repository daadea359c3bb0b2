import Foundation
import TouchlogFormat

/// Known problems to hide (`--baseline FILE`), written by `--write-baseline FILE`.
///
/// The file is JSON, sorted and one entry per line so it diffs well in review:
/// `{"version": 1, "findings": [{"rule": "…", "signature": "…"}, …]}`. A problem is known when its rule and
/// signature are listed; severity and sessions do not matter, so a known problem stays hidden when it spreads.
/// A rule the file names must be one this touchlog has: a misspelt or removed rule is an error that says so, not an
/// entry that silently hides nothing.
public struct Baseline: Sendable, Hashable {
    public struct Entry: Sendable, Hashable, Comparable {
        public var rule: RuleID
        public var signature: String

        public init(rule: RuleID, signature: String) {
            self.rule = rule
            self.signature = signature
        }

        public static func < (a: Entry, b: Entry) -> Bool { (a.rule, a.signature) < (b.rule, b.signature) }
    }

    /// The baseline file version this touchlog writes and reads.
    public static let version = 1

    public var entries: Set<Entry>

    public init(entries: Set<Entry> = []) { self.entries = entries }

    /// Every group of a report, known from now on.
    public init(groups: [FindingGroup]) {
        entries = Set(groups.map { Entry(rule: $0.ruleID, signature: $0.signature) })
    }

    public func contains(_ group: FindingGroup) -> Bool {
        entries.contains(Entry(rule: group.ruleID, signature: group.signature))
    }

    /// The file's text: stable (sorted), ending with a newline.
    public func serialized() -> String {
        let list: [JSONValue] = entries.sorted().map {
            ["rule": .string($0.rule.rawValue), "signature": .string($0.signature)]
        }
        return JSONValue.object(["version": .number(Double(Self.version)), "findings": .array(list)])
            .serializedIndented()
    }

    /// Parses a baseline file's text; `path` names it in errors. Its rules are looked up among `rules` (the rules
    /// this touchlog knows, not only those that run: a rule turned off keeps its entries).
    public init(parsing text: String, path: String, rules: [any Rule.Type] = RuleRegistry.all) throws {
        func invalid(_ reason: String) -> ReportError { .invalidBaseline(path: path, reason: reason) }
        let value: JSONValue
        do {
            value = try JSONReader.parse(text)
        } catch {
            throw invalid("it is not JSON (\(error))")
        }
        guard case .object(let object) = value else { throw invalid("it is \(value.typeDescription), not an object") }
        guard let version = object["version"]?.intValue else { throw invalid("it has no \"version\" number") }
        guard version == Self.version else {
            throw invalid("it has version \(version) and this touchlog reads version \(Self.version)")
        }
        guard let list = object["findings"]?.arrayValue else { throw invalid("it has no \"findings\" array") }
        var entries = Set<Entry>()
        for (index, item) in list.enumerated() {
            guard let name = item["rule"]?.stringValue, let signature = item["signature"]?.stringValue else {
                throw invalid("findings[\(index)] needs \"rule\" and \"signature\" strings")
            }
            guard let rule = RuleRegistry.rule(named: name, among: rules) else {
                let known = rules.map { $0.description.identifier }
                let guess = ClosestName.to(name, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw invalid(
                    "findings[\(index)] names the rule \"\(name)\"\(guess), which this touchlog does not have")
            }
            entries.insert(Entry(rule: rule.id, signature: signature))
        }
        self.entries = entries
    }

    /// Reads a baseline file, looking its rules up among `rules`.
    public init(contentsOf path: String, rules: [any Rule.Type] = RuleRegistry.all) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReportError.invalidBaseline(path: path, reason: "the file does not exist or cannot be read")
        }
        try self.init(parsing: String(decoding: data, as: UTF8.self), path: path, rules: rules)
    }

    /// Writes the file (replacing it). Throws ``ReportError/cannotWriteBaseline(path:reason:)``.
    public func write(to path: String) throws {
        do {
            try Data(serialized().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ReportError.cannotWriteBaseline(path: path, reason: Self.writeFailure(error, path: path))
        }
    }

    /// Why the write failed, from the system's error: Foundation's own description says only "The operation
    /// could not be completed", and "No such file or directory" hides that it is the folder that is missing.
    static func writeFailure(_ error: Error, path: String) -> BaselineWriteFailure {
        guard let cause = (error as NSError).userInfo[NSUnderlyingErrorKey] as? Error,
            case let underlying = cause as NSError, underlying.domain == NSPOSIXErrorDomain
        else { return .system(error.localizedDescription) }
        switch Int32(underlying.code) {
        case ENOENT, ENOTDIR:
            return .missingFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        case EISDIR:
            return .isFolder
        default:
            return .system(String(cString: strerror(Int32(underlying.code))))
        }
    }
}
