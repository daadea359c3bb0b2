/// Type checks shared by the record validators; each appends an issue naming the member and the fix.
struct FieldChecker {
    var issues: [RecordIssue] = []

    mutating func error(_ path: [JSONPathComponent], _ message: String, hint: String) {
        issues.append(.error(path, message, hint: hint))
    }

    mutating func warning(_ path: [JSONPathComponent], _ message: String, hint: String) {
        issues.append(.warning(path, message, hint: hint))
    }

    private mutating func wrongType(_ path: [JSONPathComponent], _ value: JSONValue, expected: String) {
        error(
            path, "\"\(path.pathDescription)\" must be \(expected), not \(value.typeDescription)",
            hint: "write \"\(path.pathDescription)\" as \(expected)")
    }

    /// A required member; reports it missing.
    mutating func required(
        _ object: JSONObject, _ key: String, at path: [JSONPathComponent], what: String
    ) -> JSONValue? {
        guard let value = object[key] else {
            error(
                path, "missing required member \"\(key)\" in \(what)",
                hint: "add \"\(key)\" to the \(what); see docs/log-format.md")
            return nil
        }
        return value
    }

    @discardableResult
    mutating func string(_ value: JSONValue?, at path: [JSONPathComponent], nullable: Bool = false) -> String? {
        guard let value else { return nil }
        if case .string(let text) = value {
            guard !text.utf8.contains(0) else {
                refuseNUL(at: path)
                return nil
            }
            return text
        }
        if nullable, value.isNull { return nil }
        wrongType(path, value, expected: nullable ? "a string or null" : "a string")
        return nil
    }

    /// A string holding U+0000 (`\u0000`): PostgreSQL's text cannot hold it, so neither store takes it, and the same
    /// recording gives the same result in both. No UIKit identifier, class name or label holds one.
    mutating func refuseNUL(at path: [JSONPathComponent]) {
        error(
            path, "\"\(path.pathDescription)\" holds the character U+0000 (\\u0000), which touchlog does not store",
            hint: "remove it from the recording: PostgreSQL's text cannot hold it, so neither store keeps it")
    }

    @discardableResult
    mutating func nonEmptyString(_ value: JSONValue?, at path: [JSONPathComponent]) -> String? {
        guard let text = string(value, at: path) else { return nil }
        if text.isEmpty {
            error(path, "\"\(path.pathDescription)\" must not be empty", hint: "give it a non-empty id or name")
            return nil
        }
        return text
    }

    mutating func bool(_ value: JSONValue?, at path: [JSONPathComponent]) {
        guard let value else { return }
        if case .bool = value { return }
        wrongType(path, value, expected: "true or false")
    }

    @discardableResult
    mutating func number(_ value: JSONValue?, at path: [JSONPathComponent]) -> Double? {
        guard let value else { return nil }
        if case .number(let number) = value { return number }
        wrongType(path, value, expected: "a number")
        return nil
    }

    @discardableResult
    mutating func integer(_ value: JSONValue?, at path: [JSONPathComponent], minimum: Int? = nil) -> Int? {
        guard let value else { return nil }
        guard let integer = value.intValue else {
            wrongType(path, value, expected: "an integer")
            return nil
        }
        if let minimum, integer < minimum {
            error(
                path, "\"\(path.pathDescription)\" must be at least \(minimum), not \(integer)",
                hint: "record a value of \(minimum) or more")
        }
        return integer
    }

    mutating func oneOf(_ value: JSONValue?, at path: [JSONPathComponent], _ allowed: [String]) {
        guard let text = string(value, at: path) else { return }
        if !allowed.contains(text) {
            error(
                path,
                "\"\(path.pathDescription)\" is \"\(text)\", which is not one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))",
                hint: "use one of the values listed in docs/log-format.md")
        }
    }

    mutating func stringArray(_ value: JSONValue?, at path: [JSONPathComponent]) -> [String] {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            wrongType(path, value, expected: "an array of strings")
            return []
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            if let text = string(element, at: path + [.index(index)]) { result.append(text) }
        }
        return result
    }

    /// `[x, y, w, h]` (or another fixed count) of numbers; sizes must not be negative.
    mutating func numbers(
        _ value: JSONValue?, at path: [JSONPathComponent], count: Int, form: String, nullable: Bool = false,
        nonNegativeFrom: Int? = nil
    ) {
        guard let value else { return }
        if nullable, value.isNull { return }
        guard case .array(let elements) = value, elements.count == count else {
            error(
                path, "\"\(path.pathDescription)\" must be \(form)\(nullable ? " or null" : "")",
                hint:
                    "write \"\(path.pathDescription)\" as \(form), e.g. \(count == 4 ? "[0,0,320,44]" : "an array of \(count) numbers")"
            )
            return
        }
        for (index, element) in elements.enumerated() {
            guard let number = self.number(element, at: path + [.index(index)]) else { continue }
            if let from = nonNegativeFrom, index >= from, number < 0 {
                error(
                    path + [.index(index)],
                    "\"\(path.pathDescription)\" has a negative \(index == from ? "width" : "height") (\(JSONValue.number(number).serialized()))",
                    hint: "UIKit normalises rectangles to non-negative sizes; record the standardized frame")
            }
        }
    }
}
