/// What a rule's threshold is measured in. Each unit has its own type (``Seconds``, ``Alpha``, ``Fraction``), so a
/// rule cannot compare a duration with an alpha, and its own range, checked once where a number comes in (the
/// configuration file).
public enum ThresholdUnit: String, Sendable, Hashable, CaseIterable {
    /// A duration, in seconds of the recording's time: 0 or more.
    case seconds
    /// A view's alpha as UIKit stores it: 0 to 1.
    case alpha
    /// A share of something, such as a field's height: 0 to 1.
    case fraction
    /// A number of things, such as taps: a whole number, 1 or more.
    case count
    /// A distance on screen in points: 0 or more.
    case points

    /// How the unit reads in documentation and in `--print-config`: "seconds", "alpha, 0 to 1".
    public var summary: String {
        switch self {
        case .seconds: "seconds"
        case .alpha: "alpha, 0 to 1"
        case .fraction: "fraction, 0 to 1"
        case .count: "a whole number, 1 or more"
        case .points: "points"
        }
    }

    /// Why `value` cannot be a threshold in this unit, or nil when it can.
    public func problem(with value: Double) -> String? {
        guard value.isFinite else { return "\(value) is not a finite number" }
        switch self {
        case .seconds:
            return value < 0 ? "a duration cannot be negative (\(ThresholdUnit.format(value)) seconds)" : nil
        case .alpha:
            if value < 0 { return "an alpha cannot be negative (\(ThresholdUnit.format(value)))" }
            return value > 1 ? "an alpha is at most 1 (\(ThresholdUnit.format(value)))" : nil
        case .fraction:
            if value < 0 { return "a fraction cannot be negative (\(ThresholdUnit.format(value)))" }
            return value > 1 ? "a fraction is at most 1 (\(ThresholdUnit.format(value)))" : nil
        case .count:
            if value != value.rounded() { return "a count is a whole number (\(ThresholdUnit.format(value)))" }
            return value < 1 ? "a count is at least 1 (\(ThresholdUnit.format(value)))" : nil
        case .points:
            return value < 0 ? "a distance cannot be negative (\(ThresholdUnit.format(value)) points)" : nil
        }
    }

    /// The shortest text that reads back as `value`: "0.5", "2", "0.01".
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

/// A number in one ``ThresholdUnit``, always within the unit's range.
public protocol ThresholdValue: Sendable, Hashable, Comparable {
    static var unit: ThresholdUnit { get }
    var value: Double { get }
    /// Nil when `value` is outside the unit's range (``ThresholdUnit/problem(with:)`` says why).
    init?(checking value: Double)
}

extension ThresholdValue {
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}

/// A duration in seconds of the recording's time, 0 or more.
public struct Seconds: ThresholdValue {
    public static let unit = ThresholdUnit.seconds
    public let value: Double

    public init?(checking value: Double) {
        guard Self.unit.problem(with: value) == nil else { return nil }
        self.value = value
    }

    /// A constant in code (a rule's default): a value outside the range is a programming error.
    public init(_ value: Double) {
        precondition(Self.unit.problem(with: value) == nil, "not a duration: \(value)")
        self.value = value
    }
}

/// An alpha as UIKit stores it, 0 to 1.
public struct Alpha: ThresholdValue {
    public static let unit = ThresholdUnit.alpha
    public let value: Double

    public init?(checking value: Double) {
        guard Self.unit.problem(with: value) == nil else { return nil }
        self.value = value
    }

    /// A constant in code (a rule's default): a value outside the range is a programming error.
    public init(_ value: Double) {
        precondition(Self.unit.problem(with: value) == nil, "not an alpha: \(value)")
        self.value = value
    }
}

/// A share, 0 to 1.
public struct Fraction: ThresholdValue {
    public static let unit = ThresholdUnit.fraction
    public let value: Double

    public init?(checking value: Double) {
        guard Self.unit.problem(with: value) == nil else { return nil }
        self.value = value
    }

    /// A constant in code (a rule's default): a value outside the range is a programming error.
    public init(_ value: Double) {
        precondition(Self.unit.problem(with: value) == nil, "not a fraction: \(value)")
        self.value = value
    }
}

/// A number of things (taps), a whole number of 1 or more.
public struct Count: ThresholdValue {
    public static let unit = ThresholdUnit.count
    public let value: Double

    public init?(checking value: Double) {
        guard Self.unit.problem(with: value) == nil else { return nil }
        self.value = value
    }

    /// A constant in code (a rule's default): a value outside the range is a programming error.
    public init(_ value: Int) {
        precondition(Self.unit.problem(with: Double(value)) == nil, "not a count: \(value)")
        self.value = Double(value)
    }

    /// The count as an integer.
    public var int: Int { Int(value) }
}

/// A distance on screen in points, 0 or more.
public struct Points: ThresholdValue {
    public static let unit = ThresholdUnit.points
    public let value: Double

    public init?(checking value: Double) {
        guard Self.unit.problem(with: value) == nil else { return nil }
        self.value = value
    }

    /// A constant in code (a rule's default): a value outside the range is a programming error.
    public init(_ value: Double) {
        precondition(Self.unit.problem(with: value) == nil, "not a distance: \(value)")
        self.value = value
    }
}
