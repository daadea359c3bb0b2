/// Sessions a configuration leaves out of reports (`excluded:` in `.touchlog.yml`): recordings of app versions,
/// devices or sessions the team does not triage (a beta channel, a simulator, a known broken recording).
///
/// The command line wins over it (``ReportFilter/isExcluded(_:)``): a session named with `--session` is analysed
/// whatever the exclusions say, and so is the version named with `--app-version`.
public struct SessionExclusions: Sendable, Hashable {
    /// What a pattern is matched against, each the way the command line matches the same value.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The session header's `app.version`: exactly, or a prefix ending in `*`, case and all (`5.1` must not
        /// leave out `5.10`, and a version's case is part of it).
        case appVersions = "app_versions"
        /// The device model (`iPhone15,4`, `arm64` for a simulator): any part of it, ignoring case and spaces, as
        /// `touchlog sessions --device` matches (`iPhone15` and `iphone 15` both leave out `iPhone15,4`).
        case devices
        /// The session id: a prefix ignoring case, as every command's SESSION argument is (`3f2a` and `3F2A*` both
        /// leave out `3F2A9C1E-…`).
        case sessions
    }

    /// Matched against the session header's `app.version` (``Field/appVersions``).
    public var appVersions: [SessionPattern]
    /// Matched against the device model (``Field/devices``).
    public var devices: [SessionPattern]
    /// Matched against the session id (``Field/sessions``).
    public var sessions: [SessionPattern]

    public init(appVersions: [SessionPattern] = [], devices: [SessionPattern] = [], sessions: [SessionPattern] = []) {
        self.appVersions = appVersions
        self.devices = devices
        self.sessions = sessions
    }

    public var isEmpty: Bool { appVersions.isEmpty && devices.isEmpty && sessions.isEmpty }

    /// The patterns of `field`.
    public subscript(field: Field) -> [SessionPattern] {
        get {
            switch field {
            case .appVersions: appVersions
            case .devices: devices
            case .sessions: sessions
            }
        }
        set {
            switch field {
            case .appVersions: appVersions = newValue
            case .devices: devices = newValue
            case .sessions: sessions = newValue
            }
        }
    }

    /// Whether a pattern excludes `session`; app versions only when `byAppVersion`.
    public func excludes(_ session: SessionRef, byAppVersion: Bool = true) -> Bool {
        fields(byAppVersion: byAppVersion).contains { field in
            self[field].contains { $0.matches(field.value(of: session), as: field) }
        }
    }

    /// The patterns that match none of `sessions`, in the file's order: a pattern with a typo would otherwise
    /// leave out nothing and say nothing. App versions only when `byAppVersion` (else they are not in force).
    public func unmatched(among sessions: [SessionRef], byAppVersion: Bool = true) -> [(
        field: Field, pattern: SessionPattern
    )] {
        fields(byAppVersion: byAppVersion).flatMap { field in
            self[field].filter { pattern in !sessions.contains { pattern.matches(field.value(of: $0), as: field) } }
                .map { (field, $0) }
        }
    }

    private func fields(byAppVersion: Bool) -> [Field] {
        byAppVersion ? Field.allCases : Field.allCases.filter { $0 != .appVersions }
    }
}

extension SessionExclusions.Field {
    /// The value of `session` this field's patterns are matched against.
    func value(of session: SessionRef) -> String? {
        switch self {
        case .appVersions: session.appVersion
        case .devices: session.deviceModel
        case .sessions: session.id
        }
    }
}

/// An exact value (`5.2.0`), or a prefix when it ends in `*` (`5.1.*`, `iPhone8,*`). Only a trailing `*` is
/// special: version strings and device models hold no other wildcard-looking characters worth a pattern language,
/// and a version prefix without the `*` would exclude `5.10` along with `5.1`. Devices and sessions are matched as
/// the command line matches them (``matches(_:as:)``).
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

    /// Whether `value` of `field` matches: for app versions this exact value or a value starting with this
    /// prefix; for devices and sessions as ``SessionExclusions/Field`` says, where a trailing `*` changes nothing. A
    /// missing value matches nothing.
    public func matches(_ value: String?, as field: SessionExclusions.Field) -> Bool {
        guard let value else { return false }
        switch (field, match) {
        case (.appVersions, .exact(let exact)): return value == exact
        case (.appVersions, .prefix(let prefix)): return value.hasPrefix(prefix)
        case (.devices, .exact(let text)), (.devices, .prefix(let text)):
            return Self.deviceWords(value).contains(Self.deviceWords(text))
        case (.sessions, .exact(let text)), (.sessions, .prefix(let text)):
            return value.lowercased().hasPrefix(text.lowercased())
        }
    }

    /// A device model as it is compared: lowercased, spaces dropped.
    private static func deviceWords(_ text: String) -> String { String(text.lowercased().filter { $0 != " " }) }

    /// The pattern as written.
    public var description: String {
        switch match {
        case .exact(let exact): exact
        case .prefix(let prefix): prefix + "*"
        }
    }
}
