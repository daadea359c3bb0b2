/// Sessions a configuration leaves out of reports (`excluded:` in `.touchlog.yml`): recordings of app versions,
/// devices or sessions the team does not triage (a beta channel, a simulator, a known broken recording).
///
/// The command line wins over it (``ReportFilter/isExcluded(_:)``): a session named with `--session` is analysed
/// whatever the exclusions say, and so is the version named with `--app-version`.
public struct SessionExclusions: Sendable, Hashable {
    /// Matched against the session header's `app.version`.
    public var appVersions: [SessionPattern]
    /// Matched against the device model (`iPhone15,4`, `arm64` for a simulator).
    public var devices: [SessionPattern]
    /// Matched against the session id.
    public var sessions: [SessionPattern]

    public init(appVersions: [SessionPattern] = [], devices: [SessionPattern] = [], sessions: [SessionPattern] = []) {
        self.appVersions = appVersions
        self.devices = devices
        self.sessions = sessions
    }

    public var isEmpty: Bool { appVersions.isEmpty && devices.isEmpty && sessions.isEmpty }

    /// Whether a pattern excludes `session`; app versions only when `byAppVersion`.
    public func excludes(_ session: SessionRef, byAppVersion: Bool = true) -> Bool {
        (byAppVersion && appVersions.contains { $0.matches(session.appVersion) })
            || devices.contains { $0.matches(session.deviceModel) } || sessions.contains { $0.matches(session.id) }
    }
}

/// An exact value (`5.2.0`), or a prefix when it ends in `*` (`5.1.*`, `iPhone8,*`). Only a trailing `*` is
/// special: version strings and device models hold no other wildcard-looking characters worth a pattern language,
/// and a prefix without the `*` would exclude `5.10` along with `5.1`.
public struct SessionPattern: Sendable, Hashable, CustomStringConvertible {
    public enum Match: Sendable, Hashable {
        case exact(String)
        case prefix(String)
    }

    public let match: Match

    /// Parses `text`; nil when it is not a pattern (``problem(with:)`` says why).
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        match = text.hasSuffix("*") ? .prefix(String(text.dropLast())) : .exact(text)
    }

    /// Why `text` is not a pattern, or nil when it is.
    public static func problem(with text: String) -> String? {
        if text.isEmpty { return "an empty pattern matches nothing" }
        if text == "*" { return "\"*\" alone would exclude every session" }
        if text.dropLast().contains("*") {
            return "\"\(text)\" has a \"*\" before its end; only a trailing \"*\" (a prefix) is supported"
        }
        return nil
    }

    /// Whether `value` is this exact value or starts with this prefix; a missing value matches nothing.
    public func matches(_ value: String?) -> Bool {
        guard let value else { return false }
        switch match {
        case .exact(let exact): return value == exact
        case .prefix(let prefix): return value.hasPrefix(prefix)
        }
    }

    /// The pattern as written.
    public var description: String {
        switch match {
        case .exact(let exact): exact
        case .prefix(let prefix): prefix + "*"
        }
    }
}
